/* An 8x8 block of DCT coefficients: the zigzag order in which JPEG codes it, and the bit categories. */
#ifndef CIMAGEIO_JPEG_BLOCK_H
#define CIMAGEIO_JPEG_BLOCK_H

#include <stdint.h>

enum { CIO_BLOCK_SIZE = 64, CIO_MAX_AC = 1023, CIO_MAX_DC = 2047 };

/* cio_zigzag[k]: the natural (row-major) index of the k-th coefficient in zigzag order. */
extern const uint8_t cio_zigzag[CIO_BLOCK_SIZE];

/* The JPEG size category of a value: how many bits its magnitude needs (0 for 0). */
static inline int cio_bit_category(int value) {
    unsigned magnitude = (unsigned)(value < 0 ? -value : value);
    return magnitude == 0 ? 0 : 32 - __builtin_clz(magnitude);
}

#endif
