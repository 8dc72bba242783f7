/* The fast path to sRGB for the common profiles: matrix-shaper RGB (three curves and a 3x3 matrix)
 * and grey, at 8 bits, in place of LittleCMS's general transform. */
#ifndef CIMAGEIO_SRGB_SHAPER_H
#define CIMAGEIO_SRGB_SHAPER_H
#include <lcms2.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cio_srgb_shaper cio_srgb_shaper;

/* The shaper for `source` (channels: 1 grey, 3 RGB; `channels_in_pixel` counts alpha too), or NULL
 * when the profile is not one it reproduces: then LittleCMS's `transform` does the work. For grey,
 * `transform` (grey 8-bit in) is sampled at all 256 levels. */
cio_srgb_shaper *cio_srgb_shaper_create(cmsHPROFILE source, cmsHTRANSFORM transform, int channels_in_pixel);

/* Converts `pixels` pixels; `input` may equal `output`; alpha is copied. */
void cio_srgb_shaper_apply(const cio_srgb_shaper *shaper, const uint8_t *input, uint8_t *output, size_t pixels);

/* The same with the portable SSE2 loop even on a CPU with AVX2 (for tests). */
void cio_srgb_shaper_apply_sse2(const cio_srgb_shaper *shaper, const uint8_t *input, uint8_t *output,
                                size_t pixels);

void cio_srgb_shaper_free(cio_srgb_shaper *shaper);
#endif
