/* What the AVIF probe and decoder share: opening libavif over memory and the upright geometry. */
#ifndef CIMAGEIO_AVIF_READER_H
#define CIMAGEIO_AVIF_READER_H
#include "internal.h"
#include "avif/avif_library.h"

/* A parsed (not yet decoded) AVIF; on failure `*decoder` is NULL and the message names the problem.
 * Every decode passes here first, so it opens libavif.
 * An item over the pixel limit fails with CIO_TOO_LARGE and its size in `oversize` (else 0x0). */
typedef struct { uint32_t width, height; } cio_avif_size;
cio_status cio_avif_open(const uint8_t *data, size_t size, uint64_t max_pixels, avifDecoder **decoder,
                         cio_avif_size *oversize, cio_message *message);

/* The libavif result as a status with a message naming AVIF, what was being done and libavif's words. */
cio_status cio_avif_failure(avifResult result, const avifDecoder *decoder, const char *stage, cio_message *message);

/* How long a sequence's frame shows, in milliseconds rounded to the nearest (its duration in the track's
 * timescale). */
int cio_avif_frame_ms(const avifImageTiming *timing);

/* How the coded image becomes upright: the clean-aperture crop, then `angle` quarter turns
 * anti-clockwise (irot), then a mirror (imir: 0 top-bottom, 1 left-right, -1 none). */
typedef struct {
    uint32_t crop_x, crop_y, crop_width, crop_height;
    int angle;
    int mirror;
    uint32_t width, height;       /* the upright size */
} cio_avif_geometry;

cio_status cio_avif_geometry_of(const avifImage *image, cio_avif_geometry *geometry, cio_message *message);
#endif
