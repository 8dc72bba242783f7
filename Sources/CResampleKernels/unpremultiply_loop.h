/* The alpha output conversion's loop, compiled twice: for baseline SSE2 (SSE2/unpremultiply_sse2.c)
 * and with RK_TARGET = target("avx2") (AVX2/unpremultiply_avx2.c). Scalar code: the gain is the
 * C compiler's unchecked double-to-integer conversion, and with AVX2 the VEX encoding.
 * Bit-exact with the alpha case of OutputConversion.convert (same double operations, in the same
 * order, never contracted to fused multiply-adds). Preconditions: see rk_unpremultiply_sse2.
 * Define RK_TARGET, then include. */
#include "resample_kernels.h"

#pragma clang fp contract(off)
RK_TARGET static inline void unpremultiply(const int32_t *sums, ptrdiff_t count, int channels, int code_shift,
                                           double scale, const uint8_t *table, ptrdiff_t pixel_stride,
                                           uint8_t *destination) {
    const int colours = channels - 1;
    const uint32_t half = 1u << (code_shift - 1);
    for (ptrdiff_t i = 0; i < count; i++) {
        uint8_t *out = destination + i * pixel_stride;
        const int32_t *pixel = sums + i * channels;
        int32_t code = (int32_t)((uint32_t)pixel[colours] + half) >> code_shift;
        uint8_t alpha = (uint8_t)(code < 0 ? 0 : code > 255 ? 255 : code);
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
