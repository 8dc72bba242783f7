/* A libpng read struct over a memory buffer with cimageio's error handling and limits. */
#ifndef CIMAGEIO_PNG_READER_H
#define CIMAGEIO_PNG_READER_H

#include "internal.h"
#include <png.h>

typedef struct {
    const uint8_t *data;
    size_t size, offset;
    int hit_end;                  /* the data ran out: errors are reported as truncation */
    cio_warnings *warnings;       /* NULL: warnings are ignored */
    /* Decompression-bomb guard (cio_png_limit_idat_tail); rows_expected 0: off (the probe). */
    uint64_t rows_expected, rows_done;
    size_t idat_tail, idat_tail_max;
    cio_status status;
    cio_message message;
} cio_png_source;

/* Creates the read struct and info struct (NULL on allocation failure). Callers then
 * `setjmp(png_jmpbuf(png))` before any other libpng call. */
png_structp cio_png_create_reader(cio_png_source *source, png_infop *info);

/* Bounds the compressed IDAT data read once all rows but the last are done: the last row's data
 * and the stream end (Adler-32) need little more than a raw row. Without a bound libpng inflates
 * any surplus to nowhere at the end of the image, up to 1032x its size: a 1 MB "1x1" PNG costs
 * seconds of CPU. The allowance (raw row + 64 KiB) inflates to at most ~1000x that. Call after
 * png_read_info, before the transforms; past the bound the decode fails as corrupt. */
void cio_png_limit_idat_tail(png_structp png, png_infop info, cio_png_source *source);

/* The layout libpng's transforms (set by cio_png_set_transforms) produce for this header. */
cio_layout cio_png_output_layout(png_structp png, png_infop info);

/* Expands everything to gray, gray+alpha, RGB or RGBA: 8-bit, with 16-bit scaled with rounding, or,
 * when `keep_16` and the file is 16-bit, 16-bit native-endian samples. Returns whether they are 16-bit. */
int cio_png_set_transforms(png_structp png, png_infop info, int keep_16);

/* Finds the first chunk of `type` by walking chunk headers (no CRC check); 1 if found. */
int cio_png_find_chunk(const uint8_t *data, size_t size, const char type[4], const uint8_t **chunk, size_t *length);

/* Walks every chunk header to IEND and checks the CRC of each critical chunk ending past `checked`
 * (the bytes libpng has read): CIO_OK, CIO_TRUNCATED or CIO_CORRUPT with a message. Cheap (no
 * inflating), so a crop that stops reading early still refuses a truncated or damaged file. */
cio_status cio_png_check_structure(const uint8_t *data, size_t size, size_t checked, cio_message *message);

/* For salvaging a file that ends early: a malloc'd copy in which the cut chunk is closed (the IDAT
 * bytes present kept under a fresh CRC, any other cut chunk dropped) and IEND follows, so libpng
 * inflates every byte there is and stops with "Not enough image data" only at the first row the
 * data cannot complete. Returns 0 (no copy) when the file reaches IEND. */
int cio_png_close_truncated(const uint8_t *data, size_t size, uint8_t **copy, size_t *copy_size);

/* EXIF from a hex-encoded "Raw profile type exif" (or "APP1") text chunk, as ImageMagick and GIMP
 * write it when there is no eXIf: the TIFF block, malloc'd. 1 if found and TIFF-structured. */
int cio_png_raw_profile_exif(const uint8_t *data, size_t size, uint8_t **exif, size_t *exif_size);

/* The IPTC records of a "Raw profile type iptc" text chunk (Photoshop resources or bare records), copied. */
int cio_png_raw_profile_iptc(const uint8_t *data, size_t size, uint8_t **iptc, size_t *iptc_size);
/* The XMP packet of the XML:com.adobe.xmp text chunk (inflated when compressed), malloc'd; 0 if none. */
int cio_png_xmp(const uint8_t *data, size_t size, uint8_t **xmp, size_t *xmp_size);

/* XMP's tiff:Orientation (1...8) from the "XML:com.adobe.xmp" iTXt chunk; 0 when absent. */
int cio_png_xmp_orientation(const uint8_t *data, size_t size);

#endif
