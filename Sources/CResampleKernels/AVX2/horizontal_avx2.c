/* The horizontal pass compiled for AVX2: gray and gray+alpha run the 128-bit loops of
 * horizontal_loops.h (the VEX encoding folds the weight loads into pmaddwd); RGB and RGBA run
 * their pixel pairs in one 256-bit register, pixel i in the low half and i+1 in the high half,
 * which the lanes' layout (CoefficientTable.lanes) loads with one instruction per half of a group.
 * Only call it when rk_cpu_has_avx2(). Preconditions: see rk_horizontal_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define RK_TARGET __attribute__((target("avx2")))
#define RK_COLOUR_CHANNELS colour_channels_wide
RK_TARGET static inline void colour_channels_wide(const int16_t *source, const ptrdiff_t *starts, const int32_t *w,
                                                  ptrdiff_t count, ptrdiff_t groups, int channels, int32_t *sums);
#include "../horizontal_loops.h"

RK_TARGET static inline __m256i load256(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }
/* 128 bits from `low` in the low half, from `high` in the high half. */
RK_TARGET static inline __m256i load_halves(const int16_t *low, const int16_t *high) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(load(low)), load(high), 1);
}
RK_TARGET static inline __m256i madd(__m256i sum, __m256i a, __m256i w) {
    return _mm256_add_epi32(sum, _mm256_madd_epi16(a, w));
}

/* RGB or RGBA pixel pairs (`channels` a constant where inlined): colour_channels with pixel i's
 * group in the low half of each register and pixel i+1's in the high half. */
RK_TARGET __attribute__((always_inline)) static inline void colour_channels_wide(const int16_t *source, const ptrdiff_t *starts,
                                                                                 const int32_t *w, ptrdiff_t count,
                                                                                 ptrdiff_t groups, int channels, int32_t *sums) {
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const int16_t *p = source + starts[i] * channels, *q = source + starts[i + 1] * channels;
        __m256i low = _mm256_setzero_si256(), high = low;
        for (ptrdiff_t g = 0; g < groups; g++, p += 4 * channels, q += 4 * channels, w += 16) {
            __m256i a = load_halves(p, q), b = load_halves(p + 2 * channels, q + 2 * channels);
            low = madd(low, _mm256_unpacklo_epi16(a, b), load256(w));
            high = madd(high, _mm256_unpackhi_epi16(a, b), load256(w + 8));
        }
        store_colour(_mm256_castsi256_si128(low), _mm256_castsi256_si128(high), channels, sums + i * channels);
        store_colour(_mm256_extracti128_si256(low, 1), _mm256_extracti128_si256(high, 1), channels, sums + (i + 1) * channels);
    }
    if (i < count) colour_pixel(source + starts[i] * channels, channels, w, groups, sums + i * channels);
}

RK_TARGET void rk_horizontal_avx2(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                                  const int32_t *_Nullable lanes, ptrdiff_t count, ptrdiff_t groups, int channels,
                                  int32_t *sums) {
    horizontal(source, starts, weights, lanes, count, groups, channels, sums);
}
#endif
