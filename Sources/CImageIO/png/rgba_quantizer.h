/* The palette of an indexed PNG (rgba_quantizer.c). */
#ifndef CIMAGEIO_PNG_RGBA_QUANTIZER_H
#define CIMAGEIO_PNG_RGBA_QUANTIZER_H

#include "internal.h"

/* A palette of at most `colours` (1...256) RGBA entries for RGBA pixels (`stride` bytes a row), and
 * every pixel's entry in `indices` (`width` bytes a row). An image of at most `colours` distinct
 * colours (every fully transparent pixel counting as one) gets exactly them. Otherwise a cut of
 * the colours in premultiplied RGBA (the box of the largest squared deviation split where it leaves
 * the least), refined by two rounds of k-means, then Floyd-Steinberg dithering of three quarters of
 * the error in premultiplied RGBA: opaque and fully transparent pixels keep their alpha as the
 * target, only translucent ones pass alpha error on. Entries with alpha below 255 come first (a
 * short tRNS).
 * Returns the entry count; 0 when out of memory. */
int cio_quantize_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int colours,
                      uint8_t palette[256][4], uint8_t *indices);

#endif
