/* The horizontal pass compiled for AVX2: gray and gray+alpha run the 128-bit loops of
 * horizontal_loops.h (the VEX encoding folds the weight loads into pmaddwd); RGB and RGBA run
 * their pixel pairs in one 256-bit register, pixel i in the low half and i+1 in the high half,
 * which the lanes' layout (CoefficientTable.lanes) loads with one instruction per half of a group.
 * Only call it when rk_cpu_has_avx2(). Preconditions: see rk_horizontal_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define RK_TARGET __attribute__((target("avx2")))
#include "../horizontal_loops.h"

RK_TARGET static inline __m256i load256(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }
/* 128 bits from `low` in the low half, from `high` in the high half. */
RK_TARGET static inline __m256i load_halves(const int16_t *low, const int16_t *high) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(load(low)), load(high), 1);
}
RK_TARGET static inline __m256i madd(__m256i sum, __m256i a, __m256i w) {
    return _mm256_add_epi32(sum, _mm256_madd_epi16(a, w));
}

RK_TARGET static void three_channels_wide(const int16_t *source, const ptrdiff_t *starts, const int32_t *w, ptrdiff_t count,
                                          ptrdiff_t groups, int32_t *sums) {
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const int16_t *p = source + starts[i] * 3, *q = source + starts[i + 1] * 3;
        __m256i low = _mm256_setzero_si256(), high = low;
        for (ptrdiff_t g = 0; g < groups; g++, p += 12, q += 12, w += 16) {
            __m256i a = load_halves(p, q), b = load_halves(p + 6, q + 6);
            low = madd(low, _mm256_unpacklo_epi16(a, b), load256(w));
            high = madd(high, _mm256_unpackhi_epi16(a, b), load256(w + 8));
        }
        store_rgb(_mm256_castsi256_si128(low), _mm256_castsi256_si128(high), sums + i * 3);
        store_rgb(_mm256_extracti128_si256(low, 1), _mm256_extracti128_si256(high, 1), sums + i * 3 + 3);
    }
    if (i < count) rgb_pixel(source + starts[i] * 3, w, groups, sums + i * 3);
}

RK_TARGET static void four_channels_wide(const int16_t *source, const ptrdiff_t *starts, const int32_t *w, ptrdiff_t count,
                                         ptrdiff_t groups, int32_t *sums) {
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const int16_t *p = source + starts[i] * 4, *q = source + starts[i + 1] * 4;
        __m256i even = _mm256_setzero_si256(), odd = even;
        for (ptrdiff_t g = 0; g < groups; g++, p += 16, q += 16, w += 16) {
            __m256i a = load_halves(p, q), b = load_halves(p + 8, q + 8);
            even = madd(even, _mm256_unpacklo_epi16(a, b), load256(w));
            odd = madd(odd, _mm256_unpackhi_epi16(a, b), load256(w + 8));
        }
        _mm256_storeu_si256((__m256i *)(sums + i * 4), _mm256_add_epi32(even, odd));
    }
    if (i < count) rgba_pixel(source + starts[i] * 4, w, groups, sums + i * 4);
}

RK_TARGET void rk_horizontal_avx2(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                                  const int32_t *_Nullable lanes, ptrdiff_t count, ptrdiff_t groups, int channels,
                                  int32_t *sums) {
    switch (channels) {
    case 1: one_channel(source, starts, weights, count, groups, sums); break;
    case 2: two_channels(source, starts, lanes, count, groups, sums); break;
    case 3: three_channels_wide(source, starts, lanes, count, groups, sums); break;
    default: four_channels_wide(source, starts, lanes, count, groups, sums); break;
    }
}
#endif
