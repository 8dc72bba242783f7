/* The output conversion's loops, compiled twice: for baseline SSE2 (SSE2/output_sse2.c) and with
 * RK_TARGET = target("avx2") (AVX2/output_avx2.c). Plain C the compiler vectorises (8 codes per
 * step with AVX2) or, with alpha, scalar code whose double-to-integer conversions are unchecked.
 * Bit-exact with OutputConversion.convert (the same double operations in the same order, never
 * contracted to fused multiply-adds). Preconditions: see the header. Define RK_TARGET, then include. */
#include "resample_kernels.h"

#pragma clang fp contract(off)

/* An 8-bit code from a two-pass sum, rounded and clamped. */
static inline uint8_t code(int32_t sum, int code_shift) {
    int32_t v = (int32_t)((uint32_t)sum + (1u << (code_shift - 1))) >> code_shift;
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

RK_TARGET static inline void codes(const int32_t *sums, ptrdiff_t count, int code_shift, uint8_t *destination) {
    for (ptrdiff_t s = 0; s < count; s++) destination[s] = code(sums[s], code_shift);
}

RK_TARGET static inline void unpremultiply(const int32_t *sums, ptrdiff_t count, int channels, int code_shift,
                                           double scale, const uint8_t *table, ptrdiff_t pixel_stride,
                                           uint8_t *destination) {
    const int colours = channels - 1;
    for (ptrdiff_t i = 0; i < count; i++) {
        uint8_t *out = destination + i * pixel_stride;
        const int32_t *pixel = sums + i * channels;
        uint8_t alpha = code(pixel[colours], code_shift);
        out[colours] = alpha;
        if (alpha == 0) {
            for (int c = 0; c < colours; c++) out[c] = 0;
            continue;
        }
        double ratio = scale / (double)pixel[colours];
        for (int c = 0; c < colours; c++) {
            double v = (double)pixel[c] * ratio + 0.5;
            v = v >= 0 ? v : 0;
            v = scale >= v ? v : scale;
            ptrdiff_t level = (ptrdiff_t)v;
            out[c] = table ? table[level] : (uint8_t)level;
        }
    }
}
