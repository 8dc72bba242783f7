/* cimageio colour: what output converted to sRGB is tagged with. */
#ifndef CIMAGEIO_COLOUR_H
#define CIMAGEIO_COLOUR_H
#include <stddef.h>
#include <stdint.h>
#include "cimageio.h"

/* A compact ICC v4 profile for sRGB (`gray` 0) or grey with the sRGB curve (`gray` 1), built once by
 * LittleCMS and kept for the process; NULL (size 0) if it could not be built. Thread-safe. */
const uint8_t *cio_srgb_profile(int gray, size_t *size);

/* For tests: what converts `layout` pixels described by `icc` to sRGB (CIO_ENGINE_FAST: the
 * matrix-shaper/grey tables, with AVX2 when the CPU has it; FAST_SSE2: the same, SSE2 only). */
enum { CIO_ENGINE_NONE = 0, CIO_ENGINE_LCMS = 1, CIO_ENGINE_FAST = 2, CIO_ENGINE_FAST_SSE2 = 3 };
int cio_to_srgb_engine(const uint8_t *icc, size_t icc_size, cio_layout layout);

/* For tests: converts `pixels` pixels with `engine`; 0 (nothing written) when it does not apply. */
int cio_to_srgb_convert_with(const uint8_t *icc, size_t icc_size, cio_layout layout, int engine, const uint8_t *input,
                             uint8_t *output, size_t pixels);
#endif
