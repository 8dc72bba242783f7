/* cimageio: a small, safe C bridge to libjpeg-turbo and libpng (read and write) and to libwebp,
 * libavif, libheif and giflib (read) for aspectfit.
 *
 * Every function sets up its own setjmp before calling into libjpeg/libpng, and checks every
 * result of the other libraries, so library errors come back as a status code plus a one-line
 * message and never unwind into the caller. No function keeps global mutable state: separate handles may be used on
 * separate threads at the same time. */
#ifndef CIMAGEIO_H
#define CIMAGEIO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Outcome of a call; anything but CIO_OK comes with a message. */
typedef enum {
    CIO_OK = 0,
    CIO_UNSUPPORTED = 1,       /* valid but not handled: 12-bit or lossless JPEG, unknown format */
    CIO_CORRUPT = 2,           /* malformed or damaged data */
    CIO_TRUNCATED = 3,         /* the data ends early */
    CIO_TOO_LARGE = 4,         /* over the pixel limit */
    CIO_INVALID_ARGUMENT = 5,  /* bad options or an input layout the format cannot hold */
    CIO_OUT_OF_MEMORY = 6
} cio_status;

enum { CIO_MESSAGE_CAPACITY = 256, CIO_MAX_WARNINGS = 4 };

/* A one-line, NUL-terminated message. */
typedef struct { char text[CIO_MESSAGE_CAPACITY]; } cio_message;

/* One-line warnings (accepted damage, dropped metadata); duplicates are stored once. */
typedef struct {
    cio_message items[CIO_MAX_WARNINGS];
    int count;
} cio_warnings;

typedef enum {
    CIO_FORMAT_UNKNOWN = 0, CIO_FORMAT_JPEG = 1, CIO_FORMAT_PNG = 2,
    CIO_FORMAT_WEBP = 3, CIO_FORMAT_AVIF = 4, CIO_FORMAT_HEIF = 5, CIO_FORMAT_GIF = 6
} cio_format;

/* Decoded pixel layouts; the values are the channel counts (they match Swift's PixelLayout). */
typedef enum { CIO_GRAY8 = 1, CIO_GRAY_ALPHA8 = 2, CIO_RGB8 = 3, CIO_RGBA8 = 4 } cio_layout;

/* What a header says, without decoding pixels. */
typedef struct {
    cio_format format;
    uint32_t width, height;       /* as stored; AVIF and HEIF: upright (clap, irot and imir applied) */
    int channels, bit_depth;      /* as in the file (CMYK = 4 channels) */
    int progressive;              /* a JPEG of several scans (progressive, or a scan per component), PNG
                                     Adam7 or an interlaced GIF's first frame */
    int has_alpha;                /* alpha channel or tRNS */
    int orientation;              /* EXIF orientation 1...8 (1 when absent or invalid; always 1 for AVIF
                                     and HEIF, whose decoders apply their irot/imir) */
    int animated;                 /* more than one frame (WebP ANIM, AVIF sequence, GIF): the first is read */
    uint32_t frame_count;         /* frames found (1 for a still image) */
    int loop_count;               /* animations: plays (0: forever, always for an AVIF sequence: libavif 0.11 reads no
                                     edit list); -1: a GIF without a loop extension */
    uint64_t duration_ms;         /* animations: the frames' delays added up (GIF's as browsers play them) */
    int animation_alpha;          /* animations: some frame shows transparency (cio_animation_decoder); an AVIF
                                     sequence: it has an alpha track */
    int lossless;                 /* WebP: the (first) image is VP8L, lossless; 0 for every other format */
    cio_layout layout;            /* what decoding produces */
    uint8_t *icc;                 /* embedded ICC profile (malloc'd) or NULL; release with cio_info_release */
    size_t icc_size;
    uint8_t *exif;                /* EXIF as a TIFF block (JPEG APP1 without "Exif\0\0", PNG eXIf, WebP EXIF,
                                     AVIF/HEIF Exif item without its offset), malloc'd, or NULL */
    size_t exif_size;
    uint8_t *xmp;                 /* XMP packet (JPEG APP1 "http://ns.adobe.com/xap/1.0/", PNG iTXt XML:com.adobe.xmp,
                                     WebP "XMP ", AVIF/HEIF mime item application/rdf+xml), malloc'd, or NULL */
    size_t xmp_size;
    uint8_t *iptc;                /* IPTC IIM records (the 8BIM 0x0404 resource of JPEG APP13 "Photoshop 3.0" or PNG
                                     "Raw profile type iptc"), malloc'd, or NULL */
    size_t iptc_size;
} cio_info;

/* The format named by the magic bytes at the start of `data`. */
cio_format cio_sniff_format(const uint8_t *data, size_t size);

/* Reads the header (the container, never the pixels). On success `info->icc` may own memory. AVIF
 * and HEIF with only an nclx colour description of other primaries or transfer than sRGB get an
 * ICC profile made from it, so to_srgb converts them like any tagged image. */
cio_status cio_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message);
void cio_info_release(cio_info *info);

/* Fails with CIO_TOO_LARGE (and a message) when width*height is over `max_pixels`; CIO_CORRUPT
 * when a side is 0. Decoders check this before any allocation; planners may check it too. */
cio_status cio_check_pixel_limit(uint64_t width, uint64_t height, uint64_t max_pixels, cio_message *message);

/* Memory a whole-image decode (WebP, AVIF, HEIF, GIF) keeps for the next one, so that a worker decoding
 * image after image reuses the last one's pages (zeroed again) instead of the kernel faulting fresh
 * ones in. A decoder takes it while open and gives it back on close; one decoder at a time. */
typedef struct cio_pixel_store cio_pixel_store;
cio_pixel_store *cio_pixel_store_create(void);         /* NULL when out of memory */
void cio_pixel_store_empty(cio_pixel_store *store);    /* frees what it keeps */
void cio_pixel_store_free(cio_pixel_store *store);

/* Asks for transparent huge pages behind a large buffer not yet written (huge_pages.c): a fresh
 * whole-frame decode then costs far fewer page faults. Harmless on any buffer. */
void cio_advise_huge_pages(void *pixels, size_t size);
/* The whole 2 MiB pages inside [address, address + size) that cio_advise_huge_pages advises:
 * 1 and [*start, *end), or 0 when the buffer is under 4 MiB or holds no whole huge page. */
int cio_huge_page_span(uintptr_t address, size_t size, uintptr_t *start, uintptr_t *end);

typedef struct {
    uint64_t max_pixels;          /* header width*height above this fails before any allocation */
    int fail_on_truncation;       /* nonzero: truncated or damaged data is an error; 0: a warning */
    int scale_denominator;        /* JPEG DCT scaling 1, 2, 4, 8; a still WebP 1, 2, 4, 8 when it divides both
                                     sides (libwebp averages each d x d block); the other formats: 1 */
    int has_region;               /* nonzero: decode only region_* (in scaled stored coordinates) */
    uint32_t region_x, region_y, region_width, region_height;
    int to_srgb;                  /* nonzero: convert RGB/grey rows described by an ICC profile to sRGB */
    int replicate_chroma;         /* nonzero: JPEG chroma upsampled by replication (libjpeg's merged
                                     upsampler) instead of the triangle ("fancy") filter */
    int keep_16;                  /* nonzero: a 16-bit PNG keeps its 16 bits (native-endian uint16 samples)
                                     unless to_srgb is set; every other source is 8-bit either way */
    int threads;                  /* threads a HEIF grid's tiles may decode on (0 or 1: the calling thread
                                     only); the other formats decode on the calling thread */
    int skip_in_loop_filters;     /* nonzero: a HEIF grid's HEVC tiles come out before libde265's in-loop
                                     filters (deblocking, SAO), as intra prediction sees them; the other
                                     formats ignore it */
    cio_pixel_store *pixel_store; /* NULL, or where a whole-image decode's pixels come from and go back to */
    int record_block_means;       /* nonzero: a grey, YCbCr or RGB JPEG decoded without a region keeps each 8x8
                                     block's mean (cio_decoder_block_means); the other files ignore it */
} cio_decode_options;

/* Where the decoded rows are: the full scaled size and the region actually decoded. */
typedef struct {
    uint32_t scaled_width, scaled_height;
    uint32_t x, y, width, height;
    cio_layout layout;
    int sixteen_bit;              /* nonzero: rows hold native-endian uint16 samples (see keep_16) */
} cio_decode_geometry;

/* An open row-by-row decoder; owns its library state. */
typedef struct cio_decoder cio_decoder;

/* Parses the header, checks the limits and prepares to return the region's rows.
 * `data` must stay valid and unchanged until cio_decoder_close. */
cio_status cio_decoder_open(const uint8_t *data, size_t size, const cio_decode_options *options,
                            cio_decoder **decoder, cio_decode_geometry *geometry, cio_message *message);

/* Decodes up to `max_rows` further rows of the region into `rows` (one row every `stride` bytes,
 * stride >= width * layout, twice that when sixteen_bit). `*rows_read` is how many arrived; 0 only when the region is done. */
cio_status cio_decoder_read_rows(cio_decoder *decoder, uint8_t *rows, size_t stride, uint32_t max_rows,
                                 uint32_t *rows_read, cio_message *message);

/* Warnings collected so far (accepted damage, dropped chunks); at most CIO_MAX_WARNINGS. */
int cio_decoder_warning_count(const cio_decoder *decoder);
const char *cio_decoder_warning(const cio_decoder *decoder, int index);

/* Ends decoding (early or not) and frees everything. Accepts NULL. */
void cio_decoder_close(cio_decoder *decoder);

/* A JPEG's block means as an image: one pixel per 8x8 luma block, (image width + 7) / 8 by (image height
 * + 7) / 8, each the block's DC coefficient / 8 + 128 (libjpeg's 1x1 inverse transform), a subsampled
 * component's mean repeated over the luma blocks it covers, YCbCr turned into RGB (JFIF); grey JPEGs give
 * CIO_GRAY8, YCbCr and RGB ones CIO_RGB8, `capacity` must hold width * height * 3 bytes. The same bytes
 * come from both functions below. */
/* After a decode opened with record_block_means has returned its last row. CIO_UNSUPPORTED when nothing
 * was recorded (not a grey, YCbCr or RGB JPEG, or a region was decoded). */
cio_status cio_decoder_block_means(const cio_decoder *decoder, uint8_t *pixels, size_t capacity, uint32_t *width,
                                   uint32_t *height, cio_layout *layout, cio_message *message);
/* Reads the block means alone: a decode at 1/8 scale, at about half the work of a full one (the entropy
 * decoding), with `options`' limits and damage policy (its warnings are dropped). CIO_UNSUPPORTED for a
 * JPEG of several scans (progressive ones: it would buffer every coefficient) or other colours. */
cio_status cio_jpeg_block_means(const uint8_t *data, size_t size, const cio_decode_options *options, uint8_t *pixels,
                                size_t capacity, uint32_t *width, uint32_t *height, cio_layout *layout,
                                cio_message *message);

/* Pixels to encode: `height` rows of `stride` bytes. */
typedef struct {
    const uint8_t *pixels;
    uint32_t width, height;
    size_t stride;
    cio_layout layout;
    int sixteen_bit;              /* nonzero: native-endian uint16 samples; only cio_encode_png takes them */
} cio_image;

typedef enum {
    CIO_JPEG_TURBO = 0,           /* libjpeg-turbo's own quantiser and Annex K tables */
    CIO_JPEG_TRELLIS = 1,         /* perceptual tables, trellis quantisation, optimal Huffman tables,
                                     sequential or progressive scans chosen by size (jpeg/jpeg_trellis_encode.h) */
} cio_jpeg_encoder;

typedef struct {
    int quality;                  /* 1...100 */
    int progressive;              /* turbo: libjpeg's progressive script; trellis: progressive scans always */
    int full_chroma;              /* nonzero: 4:4:4; zero: 4:2:0 */
    int optimize_huffman;         /* turbo only (trellis always optimises) */
    cio_jpeg_encoder encoder;
    int sequential;               /* trellis, not progressive: one sequential scan instead of the smaller form */
} cio_jpeg_options;

typedef struct {
    int compression_level;        /* 0...12: libdeflate's level (0 stores) */
    int palette_colours;          /* 0: truecolour or grey as the layout; 2...256: indexed colour (PLTE and tRNS)
                                     with at most this many entries, at the fewest bits that number them (8-bit
                                     pixels only; png/rgba_quantizer.h says how the palette is chosen) */
} cio_png_options;

typedef struct {
    int quality;                  /* 1...100: lossy quality; lossless: how hard to compress (libwebp's scale) */
    int lossless;                 /* nonzero: VP8L, exact pixels (RGB under transparent alpha too) */
    int method;                   /* 0...6: libwebp's effort, 0 fastest */
    int sharp_yuv;                /* nonzero: libwebp's sharp (iterative) RGB to 4:2:0 conversion, lossy only */
} cio_webp_options;

typedef struct {
    int quality;                  /* 1...100, as libavif 1.0: quantizer ((100 - q) * 63 + 50) / 100, 62...0 */
    int speed;                    /* 0...10: libaom's cpu-used, 10 fastest */
    int full_chroma;              /* nonzero: 4:4:4; zero: 4:2:0 (grey is 4:0:0 either way) */
    int threads;                  /* 1...64: libaom's threads (more than 1: row-based multithreading) */
} cio_avif_options;

/* Metadata to write with the pixels (required; either block may be NULL). Metadata never fails an
 * encode: a block the format or libpng cannot take is left out with one warning in `dropped`. */
typedef struct {
    const uint8_t *icc;           /* ICC profile: JPEG APP2 ICC_PROFILE markers, PNG iCCP, WebP ICCP, AVIF colr prof */
    size_t icc_size;
    const uint8_t *exif;          /* EXIF TIFF block: JPEG APP1 "Exif\0\0" (then no JFIF APP0), PNG eXIf, WebP
                                     EXIF chunk, AVIF Exif item */
    size_t exif_size;
    const uint8_t *xmp;           /* XMP packet: JPEG APP1 (at most 65502 bytes), PNG iTXt XML:com.adobe.xmp,
                                     WebP "XMP " chunk, AVIF XMP item */
    size_t xmp_size;
    const uint8_t *iptc;          /* IPTC IIM records: JPEG APP13 "Photoshop 3.0" 8BIM 0x0404, PNG zTXt
                                     "Raw profile type iptc"; WebP and AVIF have no place for them (dropped) */
    size_t iptc_size;
    cio_warnings *dropped;        /* optional (NULL: not reported): what was left out and why */
    int srgb;                     /* nonzero: PNG sRGB chunk (perceptual) instead of iCCP; JPEG and WebP ignore
                                     it; AVIF always labels profile-less output sRGB (nclx 1/13/6) */
} cio_metadata;

/* Encode to a malloc'd buffer (free with cio_free). */
cio_status cio_encode_jpeg(const cio_image *image, const cio_jpeg_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message);
cio_status cio_encode_png(const cio_image *image, const cio_png_options *options, const cio_metadata *metadata,
                          uint8_t **output, size_t *output_size, cio_message *message);
/* Grey is written as RGB (WebP has no grey), so a grey profile is dropped with a warning. */
cio_status cio_encode_webp(const cio_image *image, const cio_webp_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message);
/* 8-bit AV1 through libaom on `threads` threads; alpha as an auxiliary image at the colour's quantizer. */
cio_status cio_encode_avif(const cio_image *image, const cio_avif_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message);

/* Animations (GIF, WebP, AVIF sequences): every frame composited on the full canvas as browsers show it, one at a time. */
typedef struct cio_animation_decoder cio_animation_decoder;

typedef struct {
    uint64_t max_pixels;          /* the canvas (every frame's size) over this fails before any allocation */
    uint64_t max_total_pixels;    /* canvas pixels times frames over this fails before any decoding */
    uint32_t max_frames;          /* more frames than this fails before any decoding */
    int fail_on_truncation;       /* 0: a file cut inside a frame ends with that frame, partly drawn, and a warning (an
                                     AVIF sequence frame that does not decode ends the animation before it) */
} cio_animation_limits;

typedef struct {
    uint32_t width, height;       /* the canvas */
    uint32_t frame_count;
    int loop_count;               /* as cio_info's */
    int has_alpha;                /* some frame can show transparency */
} cio_animation_info;

/* Reads the headers, checks the limits and prepares the first frame; `data` must stay valid until close. */
cio_status cio_animation_decoder_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                                      cio_animation_decoder **decoder, cio_animation_info *info, cio_message *message);
/* The next frame as RGBA rows of width*4 bytes in `*canvas` (the decoder's, valid until the next call) and
 * how long it shows (GIF: 10 ms or less as 100 ms, as browsers play it); *canvas is NULL after the last. */
cio_status cio_animation_decoder_next(cio_animation_decoder *decoder, const uint8_t **canvas, int *delay_ms,
                                      cio_message *message);
int cio_animation_decoder_warning_count(const cio_animation_decoder *decoder);
const char *cio_animation_decoder_warning(const cio_animation_decoder *decoder, int index);
void cio_animation_decoder_close(cio_animation_decoder *decoder);

typedef struct {
    cio_format format;            /* CIO_FORMAT_GIF, CIO_FORMAT_WEBP or CIO_FORMAT_AVIF */
    uint32_t width, height;
    int loop_count;               /* as cio_info's (WebP has no "no loop extension": -1 plays once; AVIF sequences
                                     are written without an edit list: they play forever) */
    int has_alpha;                /* keep transparency (GIF: a transparent index for alpha under 128; AVIF: an alpha
                                     track); opaque frames otherwise */
    cio_webp_options webp;        /* WebP: every frame encoded with these */
    cio_avif_options avif;        /* AVIF: every frame encoded with these */
    const uint8_t *icc;           /* WebP, AVIF: the RGB profile the frames are in, copied (NULL: none written) */
    size_t icc_size;
} cio_animation_encode_options;

typedef struct cio_animation_encoder cio_animation_encoder;

cio_status cio_animation_encoder_new(const cio_animation_encode_options *options, cio_animation_encoder **encoder,
                                     cio_message *message);
/* Adds a frame of RGBA rows (`stride` bytes apart) shown for `delay_ms`. */
cio_status cio_animation_encoder_add(cio_animation_encoder *encoder, const uint8_t *rgba, size_t stride, int delay_ms,
                                     cio_message *message);
/* The file, malloc'd (free with cio_free); the encoder stays to be freed. */
cio_status cio_animation_encoder_finish(cio_animation_encoder *encoder, uint8_t **output, size_t *output_size,
                                        cio_message *message);
void cio_animation_encoder_free(cio_animation_encoder *encoder);

/* A GIF palette for RGBA pixels by median cut over a 5-bit histogram, and the pixels mapped to it with
 * Floyd-Steinberg dithering: alpha under 128 becomes `transparent` (when >= 0; the palette then
 * has at most 255 colours besides it). Returns the colour count (<= 256); 0 when out of memory. */
int cio_quantize(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int transparent, uint8_t palette[256][3],
                 uint8_t *indices);

/* Rewrites the orientation tag of a TIFF-structured EXIF block in place; 1 if the block had one. */
int cio_exif_set_orientation(uint8_t *tiff, size_t size, int orientation);
void cio_free(void *pointer);

#ifdef __cplusplus
}
#endif
#endif
