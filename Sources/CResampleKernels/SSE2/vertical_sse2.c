/* The vertical pass, SSE2: rows t and t+1 interleaved sample by sample meet their (w_t, w_t+1)
 * pair in pmaddwd; 32 samples per step share each pair's broadcast. Preconditions: see
 * rk_vertical_sse2 and rk_vertical_narrowing_sse2 in the header. */
#include "resample_kernels.h"
#include "../vertical_tail.h"

#if defined(__x86_64__)
#include <emmintrin.h>

static inline __m128i load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }
static inline void store(void *p, __m128i v) { _mm_storeu_si128((__m128i *)p, v); }
static inline __m128i madd(__m128i sum, __m128i a, __m128i w) { return _mm_add_epi32(sum, _mm_madd_epi16(a, w)); }

void rk_vertical_sse2(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t length,
                      int32_t *sums) {
    ptrdiff_t x = 0;
    for (; x + 32 <= length; x += 32) {
        __m128i s0 = _mm_setzero_si128(), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
        for (ptrdiff_t k = 0; k < taps / 2; k++) {
            __m128i w = _mm_set1_epi32(pairs[k]);
            const int16_t *p = rows[2 * k] + x, *q = rows[2 * k + 1] + x;
            __m128i a0 = load(p), b0 = load(q), a1 = load(p + 8), b1 = load(q + 8);
            __m128i a2 = load(p + 16), b2 = load(q + 16), a3 = load(p + 24), b3 = load(q + 24);
            s0 = madd(s0, _mm_unpacklo_epi16(a0, b0), w);
            s1 = madd(s1, _mm_unpackhi_epi16(a0, b0), w);
            s2 = madd(s2, _mm_unpacklo_epi16(a1, b1), w);
            s3 = madd(s3, _mm_unpackhi_epi16(a1, b1), w);
            s4 = madd(s4, _mm_unpacklo_epi16(a2, b2), w);
            s5 = madd(s5, _mm_unpackhi_epi16(a2, b2), w);
            s6 = madd(s6, _mm_unpacklo_epi16(a3, b3), w);
            s7 = madd(s7, _mm_unpackhi_epi16(a3, b3), w);
        }
        store(sums + x, s0);
        store(sums + x + 4, s1);
        store(sums + x + 8, s2);
        store(sums + x + 12, s3);
        store(sums + x + 16, s4);
        store(sums + x + 20, s5);
        store(sums + x + 24, s6);
        store(sums + x + 28, s7);
    }
    rk_vertical_sse2_from(rows, pairs, taps, x, length, sums);
}

/* Samples x ..< x + 8. */
static inline void sums8(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t x,
                         int32_t *sums) {
    __m128i low = _mm_setzero_si128(), high = _mm_setzero_si128();
    for (ptrdiff_t k = 0; k < taps / 2; k++) {
        __m128i w = _mm_set1_epi32(pairs[k]);
        __m128i a = load(rows[2 * k] + x), b = load(rows[2 * k + 1] + x);
        low = madd(low, _mm_unpacklo_epi16(a, b), w);
        high = madd(high, _mm_unpackhi_epi16(a, b), w);
    }
    store(sums + x, low);
    store(sums + x + 4, high);
}

/* Eight samples per step; the last step overlaps the one before (recomputing the same sums), so
 * only rows shorter than eight samples take the one-sample loop. */
void rk_vertical_sse2_from(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t x,
                           ptrdiff_t length, int32_t *sums) {
    for (; x + 8 <= length; x += 8) sums8(rows, pairs, taps, x, sums);
    if (x < length && length >= 8) {
        sums8(rows, pairs, taps, length - 8, sums);
        x = length;
    }
    for (; x < length; x++) sums[x] = rk_vertical_sum16(rows, pairs, taps, x);
}

void rk_vertical_narrowing_sse2(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                ptrdiff_t length, int shift, int16_t *destination) {
    rk_vertical_narrowing_sse2_from(rows, pairs, taps, 0, length, shift, destination);
}

/* Samples x ..< x + 8 of byte rows, narrowed. */
static inline void narrow8(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t x,
                           int shift, int16_t *destination) {
    const __m128i zero = _mm_setzero_si128();
    __m128i low = zero, high = zero;
    for (ptrdiff_t k = 0; k < taps / 2; k++) {
        __m128i w = _mm_set1_epi32(pairs[k]);
        __m128i ab = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(rows[2 * k] + x)),
                                       _mm_loadl_epi64((const __m128i *)(rows[2 * k + 1] + x)));
        low = madd(low, _mm_unpacklo_epi8(ab, zero), w);
        high = madd(high, _mm_unpackhi_epi8(ab, zero), w);
    }
    const __m128i half = _mm_set1_epi32(1 << (shift - 1)), count = _mm_cvtsi32_si128(shift);
    store(destination + x, _mm_packs_epi32(_mm_sra_epi32(_mm_add_epi32(low, half), count),
                                           _mm_sra_epi32(_mm_add_epi32(high, half), count)));
}

/* Bytes of rows t and t+1 interleave, then widen with zeros to the same (row t, row t+1) Int16
 * pairs; 32 samples per step, rounded, shifted and packed (saturating) before leaving the registers,
 * then eight per step, the last one overlapping the one before, so only rows shorter than eight
 * samples take the one-sample loop. */
void rk_vertical_narrowing_sse2_from(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                     ptrdiff_t x, ptrdiff_t length, int shift, int16_t *destination) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi32(1 << (shift - 1));
    const __m128i count = _mm_cvtsi32_si128(shift);
#define NARROW(a, b) _mm_packs_epi32(_mm_sra_epi32(_mm_add_epi32(a, half), count), \
                                     _mm_sra_epi32(_mm_add_epi32(b, half), count))
    for (; x + 32 <= length; x += 32) {
        __m128i s0 = zero, s1 = zero, s2 = zero, s3 = zero, s4 = zero, s5 = zero, s6 = zero, s7 = zero;
        for (ptrdiff_t k = 0; k < taps / 2; k++) {
            __m128i w = _mm_set1_epi32(pairs[k]);
            const uint8_t *p = rows[2 * k] + x, *q = rows[2 * k + 1] + x;
            __m128i a0 = load(p), b0 = load(q), a1 = load(p + 16), b1 = load(q + 16);
            __m128i l0 = _mm_unpacklo_epi8(a0, b0), h0 = _mm_unpackhi_epi8(a0, b0);
            __m128i l1 = _mm_unpacklo_epi8(a1, b1), h1 = _mm_unpackhi_epi8(a1, b1);
            s0 = madd(s0, _mm_unpacklo_epi8(l0, zero), w);
            s1 = madd(s1, _mm_unpackhi_epi8(l0, zero), w);
            s2 = madd(s2, _mm_unpacklo_epi8(h0, zero), w);
            s3 = madd(s3, _mm_unpackhi_epi8(h0, zero), w);
            s4 = madd(s4, _mm_unpacklo_epi8(l1, zero), w);
            s5 = madd(s5, _mm_unpackhi_epi8(l1, zero), w);
            s6 = madd(s6, _mm_unpacklo_epi8(h1, zero), w);
            s7 = madd(s7, _mm_unpackhi_epi8(h1, zero), w);
        }
        store(destination + x, NARROW(s0, s1));
        store(destination + x + 8, NARROW(s2, s3));
        store(destination + x + 16, NARROW(s4, s5));
        store(destination + x + 24, NARROW(s6, s7));
    }
#undef NARROW
    for (; x + 8 <= length; x += 8) narrow8(rows, pairs, taps, x, shift, destination);
    if (x < length && length >= 8) {
        narrow8(rows, pairs, taps, length - 8, shift, destination);
        x = length;
    }
    for (; x < length; x++) destination[x] = rk_narrow(rk_vertical_sum8(rows, pairs, taps, x), shift);
}
#endif
