/* The vertical pass, AVX2: the SSE2 loops twice as wide, compiled for AVX2 with a function
 * attribute so the rest of the binary stays baseline x86-64. Only call these when
 * rk_cpu_has_avx2(). 256-bit unpacks work within 128-bit halves, so a register of sums holds two
 * separate runs of samples (e.g. 0-3 | 8-11); each half is stored to its own place. The SSE2
 * loops finish the samples a whole step does not cover. Preconditions: see the header. */
#include "resample_kernels.h"
#include "../vertical_tail.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

AVX2 static inline __m256i load(const void *p) { return _mm256_loadu_si256((const __m256i *)p); }
AVX2 static inline __m256i madd(__m256i sum, __m256i a, __m256i w) {
    return _mm256_add_epi32(sum, _mm256_madd_epi16(a, w));
}
/* Stores the low half at `low`, the high half at `high`. */
AVX2 static inline void store_halves(void *low, void *high, __m256i v) {
    _mm_storeu_si128((__m128i *)low, _mm256_castsi256_si128(v));
    _mm_storeu_si128((__m128i *)high, _mm256_extracti128_si256(v, 1));
}

AVX2 void rk_vertical_avx2(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t length,
                           int32_t *sums) {
    ptrdiff_t x = 0;
    for (; x + 32 <= length; x += 32) {
        __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0;
        for (ptrdiff_t k = 0; k < taps / 2; k++) {
            __m256i w = _mm256_set1_epi32(pairs[k]);
            const int16_t *p = rows[2 * k] + x, *q = rows[2 * k + 1] + x;
            __m256i a0 = load(p), b0 = load(q), a1 = load(p + 16), b1 = load(q + 16);
            s0 = madd(s0, _mm256_unpacklo_epi16(a0, b0), w);
            s1 = madd(s1, _mm256_unpackhi_epi16(a0, b0), w);
            s2 = madd(s2, _mm256_unpacklo_epi16(a1, b1), w);
            s3 = madd(s3, _mm256_unpackhi_epi16(a1, b1), w);
        }
        /* Sums (0-3 | 8-11), (4-7 | 12-15), then the same for samples 16-31. */
        int32_t *o = sums + x;
        store_halves(o, o + 8, s0);
        store_halves(o + 4, o + 12, s1);
        store_halves(o + 16, o + 24, s2);
        store_halves(o + 20, o + 28, s3);
    }
    rk_vertical_sse2_from(rows, pairs, taps, x, length, sums);
}

/* 64 samples per step; packed halves (0-7 | 16-23), (8-15 | 24-31), then 32-63 the same way. */
AVX2 void rk_vertical_narrowing_avx2(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                     ptrdiff_t length, int shift, int16_t *destination) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128(shift);
#define NARROW(a, b) _mm256_packs_epi32(_mm256_sra_epi32(_mm256_add_epi32(a, half), count), \
                                        _mm256_sra_epi32(_mm256_add_epi32(b, half), count))
    ptrdiff_t x = 0;
    for (; x + 64 <= length; x += 64) {
        __m256i s0 = zero, s1 = zero, s2 = zero, s3 = zero, s4 = zero, s5 = zero, s6 = zero, s7 = zero;
        for (ptrdiff_t k = 0; k < taps / 2; k++) {
            __m256i w = _mm256_set1_epi32(pairs[k]);
            const uint8_t *p = rows[2 * k] + x, *q = rows[2 * k + 1] + x;
            __m256i a0 = load(p), b0 = load(q), a1 = load(p + 32), b1 = load(q + 32);
            __m256i l0 = _mm256_unpacklo_epi8(a0, b0), h0 = _mm256_unpackhi_epi8(a0, b0);
            __m256i l1 = _mm256_unpacklo_epi8(a1, b1), h1 = _mm256_unpackhi_epi8(a1, b1);
            s0 = madd(s0, _mm256_unpacklo_epi8(l0, zero), w);
            s1 = madd(s1, _mm256_unpackhi_epi8(l0, zero), w);
            s2 = madd(s2, _mm256_unpacklo_epi8(h0, zero), w);
            s3 = madd(s3, _mm256_unpackhi_epi8(h0, zero), w);
            s4 = madd(s4, _mm256_unpacklo_epi8(l1, zero), w);
            s5 = madd(s5, _mm256_unpackhi_epi8(l1, zero), w);
            s6 = madd(s6, _mm256_unpacklo_epi8(h1, zero), w);
            s7 = madd(s7, _mm256_unpackhi_epi8(h1, zero), w);
        }
        int16_t *o = destination + x;
        store_halves(o, o + 16, NARROW(s0, s1));
        store_halves(o + 8, o + 24, NARROW(s2, s3));
        store_halves(o + 32, o + 48, NARROW(s4, s5));
        store_halves(o + 40, o + 56, NARROW(s6, s7));
    }
#undef NARROW
    rk_vertical_narrowing_sse2_from(rows, pairs, taps, x, length, shift, destination);
}
#endif
