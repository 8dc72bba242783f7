#include "resample_kernels.h"

#include <string.h>

/* A plain loop: the compiler vectorizes the row sums for the baseline instruction set. */

void rk_box_sum_row(uint16_t *sums, const uint8_t *row, ptrdiff_t length, int first) {
    if (first) {
        for (ptrdiff_t i = 0; i < length; i++) sums[i] = row[i];
    } else {
        for (ptrdiff_t i = 0; i < length; i++) sums[i] = (uint16_t)(sums[i] + row[i]);
    }
}

/* The rounded mean of `n` (> 0) summed samples: a shift when n is a power of two. */
static inline uint8_t mean(uint32_t total, uint32_t n, int shift) {
    return (uint8_t)(shift >= 0 ? (total + (n >> 1)) >> shift : (total + n / 2) / n);
}

static inline int log2_if_power(uint32_t n) { return (n & (n - 1)) == 0 ? __builtin_ctz(n) : -1; }

typedef uint16_t samples8 __attribute__((vector_size(16)));
typedef uint8_t bytes8 __attribute__((vector_size(8)));

/* Full blocks of 3-channel pixels whose mean is a shift, unrolled for each constant factor. A
 * block's sums are `factor` unaligned loads of 8 samples, one per pixel, added (SSE2 on x86-64):
 * lanes 0-2 hold the block's R, G and B, the other lanes are discarded. The result goes out as 4
 * bytes, the 4th overwritten by the next pixel (or by the edge pixel after the last full one). */
static inline __attribute__((always_inline)) void rgb_shift_means(const uint16_t *sums, ptrdiff_t count, const int factor,
                                                                   int shift, uint8_t *destination) {
    const uint16_t half = (uint16_t)((1u << shift) >> 1);
    for (ptrdiff_t x = 0; x < count; x++) {
        const uint16_t *block = sums + x * factor * 3;
        samples8 total = (samples8){half, half, half, half, half, half, half, half};
        for (int i = 0; i < factor; i++) {
            samples8 pixel;
            memcpy(&pixel, block + 3 * i, sizeof pixel);
            total += pixel;
        }
        bytes8 means = __builtin_convertvector(total >> shift, bytes8);
        memcpy(destination + 3 * x, &means, 4);
    }
}

void rk_box_mean_columns(const uint16_t *sums, ptrdiff_t width, int channels, int factor, int last_width, int rows,
                         uint8_t *destination) {
    const uint32_t n = (uint32_t)(factor * rows);
    const int shift = log2_if_power(n);
    const ptrdiff_t full = width - 1;
    if (channels == 3 && shift >= 0 && factor == 2) {
        rgb_shift_means(sums, full, 2, shift, destination);
    } else if (channels == 3 && shift >= 0 && factor == 4) {
        rgb_shift_means(sums, full, 4, shift, destination);
    } else if (channels == 3 && shift >= 0 && factor == 8) {
        rgb_shift_means(sums, full, 8, shift, destination);
    } else {
        for (ptrdiff_t x = 0; x < full; x++) {
            const uint16_t *block = sums + x * factor * channels;
            for (int c = 0; c < channels; c++) {
                uint32_t total = 0;
                for (int i = 0; i < factor; i++) total += block[i * channels + c];
                destination[x * channels + c] = mean(total, n, shift);
            }
        }
    }
    const uint32_t edge = (uint32_t)(last_width * rows);
    const uint16_t *block = sums + full * factor * channels;
    for (int c = 0; c < channels; c++) {
        uint32_t total = 0;
        for (int i = 0; i < last_width; i++) total += block[i * channels + c];
        destination[full * channels + c] = mean(total, edge, log2_if_power(edge));
    }
}
