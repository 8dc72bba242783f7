/* Declarations shared by the cimageio source files (not part of the public header). */
#ifndef CIMAGEIO_INTERNAL_H
#define CIMAGEIO_INTERNAL_H

#include "cimageio.h"
#include <stdarg.h>

/* Formats a one-line message (control characters become spaces). */
void cio_set_message(cio_message *message, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Adds a warning (NULL list: ignored; duplicates and overflow: dropped). */
void cio_warnings_add(cio_warnings *warnings, const char *text);
/* Removes the warnings whose text contains `text`. */
void cio_warnings_remove_containing(cio_warnings *warnings, const char *text);

/* The EXIF orientation (1...8) in a TIFF-structured EXIF block; 1 if absent or invalid. */
int cio_exif_orientation(const uint8_t *tiff, size_t size);
/* Whether the block has an orientation entry at all (its value may still be out of range). */
int cio_exif_has_orientation(const uint8_t *tiff, size_t size);

/* Whether an EXIF block to write starts with a TIFF header and is at most `max_size` bytes; when not,
 * says why in `dropped` (an EXIF block the writer cannot take is left out, never an error). */
int cio_exif_is_tiff(const uint8_t *tiff, size_t size, size_t max_size, cio_warnings *dropped);

/* A malloc'd copy of `bytes` (NULL and 0 when empty or out of memory: metadata is optional). */
void cio_copy_bytes(const uint8_t *bytes, size_t size, uint8_t **copy, size_t *copy_size);

/* A growable malloc'd byte buffer for encoders. */
typedef struct {
    uint8_t *bytes;
    size_t size, capacity;
} cio_byte_buffer;
int cio_byte_buffer_reserve(cio_byte_buffer *buffer, size_t extra);   /* 0 on allocation failure */

/* Per-format parts behind the public functions. */
cio_status cio_jpeg_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message);
cio_status cio_png_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message);

typedef struct cio_jpeg_decoder cio_jpeg_decoder;
cio_status cio_jpeg_decoder_open(const uint8_t *data, size_t size, const cio_decode_options *options,
                                 cio_warnings *warnings, cio_jpeg_decoder **decoder,
                                 cio_decode_geometry *geometry, cio_message *message);
cio_status cio_jpeg_decoder_read_rows(cio_jpeg_decoder *decoder, uint8_t *rows, size_t stride, uint32_t max_rows,
                                      uint32_t *rows_read, cio_message *message);
void cio_jpeg_decoder_close(cio_jpeg_decoder *decoder);
cio_status cio_jpeg_decoder_block_means(const cio_jpeg_decoder *decoder, uint8_t *pixels, size_t capacity,
                                        uint32_t *width, uint32_t *height, cio_layout *layout, cio_message *message);
/* Whether JPEG entropy-coded data starting at `data` reaches an EOI marker (see jpeg_decode.c). */
int cio_jpeg_reaches_eoi(const uint8_t *data, size_t size);

typedef struct cio_png_decoder cio_png_decoder;
cio_status cio_png_decoder_open(const uint8_t *data, size_t size, const cio_decode_options *options,
                                cio_warnings *warnings, cio_png_decoder **decoder,
                                cio_decode_geometry *geometry, cio_message *message);
cio_status cio_png_decoder_read_rows(cio_png_decoder *decoder, uint8_t *rows, size_t stride, uint32_t max_rows,
                                     uint32_t *rows_read, cio_message *message);
void cio_png_decoder_close(cio_png_decoder *decoder);

/* A decoded image held whole in memory and served row by row over a region: the WebP, AVIF, HEIF and
 * GIF decoders decode at open (after the pixel-limit check) and hand over one of these. A decoder that
 * crops or scales while decoding (WebP) holds only a part of the (scaled) image: `origin_*` and
 * `full_*` say where it lies. */
typedef struct {
    uint8_t *pixels;              /* width * height * layout bytes (of `capacity`), malloc'd; NULL until allocated */
    size_t capacity;
    cio_pixel_store *store;       /* where allocate takes the pixels from and release gives them back; or NULL */
    uint32_t width, height;
    cio_layout layout;
    uint32_t origin_x, origin_y;  /* where `pixels` start in the whole image (0, 0 unless cropped) */
    uint32_t full_width, full_height; /* the whole image at the decoded scale (width, height unless cropped) */
    uint32_t x, y, region_width, region_height;
    uint32_t delivered;           /* region rows returned so far */
} cio_whole_image;

/* Allocates `image->pixels` for `width` x `height` of `layout` (zeroed), the whole image (origin 0, 0),
 * from `image->store` when it keeps enough; CIO_OUT_OF_MEMORY with a message. */
cio_status cio_whole_image_allocate(cio_whole_image *image, uint32_t width, uint32_t height, cio_layout layout,
                                    cio_message *message);
/* A rectangle of pixels. */
typedef struct { uint32_t x, y, width, height; } cio_rect;
/* The options' region, or the whole `width` x `height` image without one; CIO_INVALID_ARGUMENT with a
 * message when it is empty or reaches outside. */
cio_status cio_region_of(const cio_decode_options *options, uint32_t width, uint32_t height, cio_rect *region,
                         cio_message *message);
/* Says that the allocated pixels are only the part at (left, top) of a full_width x full_height image
 * (a HEIF grid decodes the tiles of the region it is asked for): regions must then lie inside it. */
void cio_whole_image_place(cio_whole_image *image, uint32_t full_width, uint32_t full_height, uint32_t left,
                           uint32_t top);
/* Takes the options' region (or the whole image) and fills `geometry`; the region must lie in the part
 * decoded. The scale is the decoder's (WebP's) to check: the image is already at it. */
cio_status cio_whole_image_select(cio_whole_image *image, const cio_decode_options *options,
                                  cio_decode_geometry *geometry, cio_message *message);
void cio_whole_image_read_rows(cio_whole_image *image, uint8_t *rows, size_t stride, uint32_t max_rows,
                               uint32_t *rows_read);
void cio_whole_image_release(cio_whole_image *image);

/* The whole-image formats: probe the container, decode the (first) image into `image`. */
cio_status cio_webp_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message);
cio_status cio_webp_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                           cio_warnings *warnings, cio_whole_image *image, cio_message *message);
cio_status cio_avif_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message);
cio_status cio_avif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                           cio_warnings *warnings, cio_whole_image *image, cio_message *message);
cio_status cio_heif_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message);
cio_status cio_heif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                           cio_warnings *warnings, cio_whole_image *image, cio_message *message);
cio_status cio_gif_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message);
cio_status cio_gif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                          cio_warnings *warnings, cio_whole_image *image, cio_message *message);

/* An EXIF block as HEIF and AVIF store it (a 4-byte big-endian offset to the TIFF header, then the
 * block), or as libavif hands it over (the TIFF block alone), copied as the TIFF block; nothing when
 * it holds none. */
void cio_copy_heif_exif(const uint8_t *bytes, size_t size, uint8_t **tiff, size_t *tiff_size);

/* The IPTC records (the 8BIM resource 0x0404) among Photoshop image resources, copied; 0 if none. */
int cio_iptc_from_photoshop(const uint8_t *resources, size_t size, uint8_t **iptc, size_t *iptc_size);
/* Appends `iptc` as one Photoshop image resource (8BIM 0x0404, empty name, padded to even); 0 when out of memory. */
int cio_photoshop_append_iptc(cio_byte_buffer *buffer, const uint8_t *iptc, size_t iptc_size);

/* Checks an encoder's input (16-bit samples only if `takes_16`); CIO_OK or CIO_INVALID_ARGUMENT with a message. */
cio_status cio_check_image(const cio_image *image, int takes_16, cio_message *message);

#endif
