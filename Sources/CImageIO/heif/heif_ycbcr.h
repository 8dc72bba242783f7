/* YCbCr to RGB as libheif 1.15 converts a decoded HEVC picture (heif_colorconversion.cc, Op_YCbCr_to_RGB):
 * each chroma sample repeated, single-precision arithmetic in the same order, so the bytes are libheif's. */
#ifndef CIMAGEIO_HEIF_YCBCR_H
#define CIMAGEIO_HEIF_YCBCR_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    float r_cr, g_cb, g_cr, b_cb;
    int full_range;
    int loops;   /* scalar, SSE2 or AVX2 */
} cio_heif_ycbcr;

/* The conversion for nclx matrix coefficients `matrix` (H.273) and range; 0 for the matrices libheif
 * converts another way (0: GBR, 8: YCgCo) or from the colour primaries (12, 13). */
int cio_heif_ycbcr_of(int matrix, int full_range, cio_heif_ycbcr *conversion);

/* Converts 8-bit pixels x0 ..< x0 + width of one row to RGB, pixel x0 at `rgb` and each next one `step`
 * bytes on (3 for a row; a turned image's column otherwise); `cb` and `cr` are the chroma rows of that
 * row, sampled every 2^chroma_shift pixels. Writes the pixels' bytes and no others. */
void cio_heif_ycbcr_row(const cio_heif_ycbcr *conversion, const uint8_t *y, const uint8_t *cb, const uint8_t *cr,
                        int chroma_shift, uint32_t x0, uint32_t width, uint8_t *rgb, ptrdiff_t step);
#endif
