/* The fast path to sRGB for the common profiles: matrix-shaper RGB (three curves and a 3x3 matrix)
 * and grey, at 8 bits, in place of LittleCMS's general transform. */
#ifndef CIMAGEIO_SRGB_SHAPER_H
#define CIMAGEIO_SRGB_SHAPER_H
#include <lcms2.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cio_srgb_shaper cio_srgb_shaper;

/* The shaper for RGB `source` (`channels_in_pixel` 3, or 4 with alpha), or NULL when the profile is
 * not one it reproduces (a LUT profile, a black above 0): then LittleCMS does the work. */
cio_srgb_shaper *cio_srgb_shaper_create_rgb(cmsHPROFILE source, int channels_in_pixel);

/* The shaper for grey: LittleCMS's `transform` (grey 8-bit, `channels_in_pixel` 2 with alpha) sampled
 * at all 256 levels. */
cio_srgb_shaper *cio_srgb_shaper_create_gray(cmsHTRANSFORM transform, int channels_in_pixel);

/* Converts `pixels` pixels; `input` may equal `output`; alpha is copied. */
void cio_srgb_shaper_apply(const cio_srgb_shaper *shaper, const uint8_t *input, uint8_t *output, size_t pixels);

/* The same with the portable SSE2 loop even on a CPU with AVX2 (for tests). */
void cio_srgb_shaper_apply_sse2(const cio_srgb_shaper *shaper, const uint8_t *input, uint8_t *output,
                                size_t pixels);

void cio_srgb_shaper_free(cio_srgb_shaper *shaper);
#endif
