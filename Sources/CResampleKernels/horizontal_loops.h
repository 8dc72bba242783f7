/* The horizontal pass's 128-bit loops, compiled twice: for baseline SSE2 (SSE2/horizontal_sse2.c)
 * and with RK_TARGET = target("avx2") (AVX2/horizontal_avx2.c), where the VEX encoding folds the
 * unaligned weight loads into pmaddwd and saves the register copies (about 30% fewer instructions).
 *
 * Samples of pixels k, k+1 are interleaved with those of k+2, k+3 so that one pmaddwd multiplies
 * two taps of a channel by the matching pair of weights from the table's lanes, four taps per step.
 * RGB and RGBA run two output pixels side by side, as their lanes are laid out (see
 * CoefficientTable.lanes); the AVX2 build has 256-bit versions of those two in horizontal_avx2.c.
 * Preconditions: see rk_horizontal_sse2 in resample_kernels.h. Define RK_TARGET, then include. */
#include <emmintrin.h>
#include "resample_kernels.h"

static inline __m128i load(const void *p) { return _mm_loadu_si128((const __m128i *)p); }

/* Int32 addition that wraps like the SIMD lanes and the Swift reference's &+ (no C overflow UB). */
static inline int32_t add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }


/* Gray: four samples times four weights, two pairs per pmaddwd. */
RK_TARGET static void one_channel(const int16_t *source, const ptrdiff_t *starts, const int16_t *w, ptrdiff_t count,
                                  ptrdiff_t groups, int32_t *sums) {
    for (ptrdiff_t i = 0; i < count; i++) {
        const int16_t *src = source + starts[i];
        __m128i acc = _mm_setzero_si128();
        _Pragma("clang loop unroll_count(2)")
        for (ptrdiff_t g = 0; g < groups; g++, src += 4, w += 4)
            acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_loadl_epi64((const __m128i *)src),
                                                    _mm_loadl_epi64((const __m128i *)w)));
        sums[i] = add(_mm_cvtsi128_si32(acc), _mm_cvtsi128_si32(_mm_srli_si128(acc, 4)));
    }
}

/* Gray+alpha: (g0,a0,g1,a1) with (g2,a2,g3,a3) gives (g0,g2, a0,a2, g1,g3, a1,a3). */
RK_TARGET static void two_channels(const int16_t *source, const ptrdiff_t *starts, const int32_t *w, ptrdiff_t count,
                                   ptrdiff_t groups, int32_t *sums) {
    for (ptrdiff_t i = 0; i < count; i++) {
        const int16_t *src = source + starts[i] * 2;
        __m128i acc = _mm_setzero_si128();
        _Pragma("clang loop unroll_count(2)")
        for (ptrdiff_t g = 0; g < groups; g++, src += 8, w += 4)
            acc = _mm_add_epi32(acc, _mm_madd_epi16(_mm_unpacklo_epi16(load(src), load(src + 4)), load(w)));
        /* (g, a, g, a) + (the odd taps' g, a) */
        __m128i total = _mm_add_epi32(acc, _mm_srli_si128(acc, 8));
        _mm_storel_epi64((__m128i *)(sums + i * 2), total);
    }
}

/* RGB: a = (r0,g0,b0,r1,g1,b1,r2,g2) and b = (r2,g2,b2,r3,g3,b3,r4,g4) interleave to
 * low (r0,r2, g0,g2, b0,b2, r1,r3) and high (g1,g3, b1,b3, -, -): two loads per four taps.
 * Adds one group at `src` to *low and *high with the lanes at `w` and `w + stride`. */
RK_TARGET static inline void rgb_group(const int16_t *src, const int32_t *w, ptrdiff_t stride, __m128i *low, __m128i *high) {
    __m128i a = load(src), b = load(src + 6);
    *low = _mm_add_epi32(*low, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), load(w)));
    *high = _mm_add_epi32(*high, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), load(w + stride)));
}

/* Folds RGB's low and high sums into one pixel's three. */
RK_TARGET static inline void store_rgb(__m128i low, __m128i high, int32_t *sums) {
    int32_t l[4], h[4];
    _mm_storeu_si128((__m128i *)l, low);
    _mm_storeu_si128((__m128i *)h, high);
    sums[0] = add(l[0], l[3]);
    sums[1] = add(l[1], h[0]);
    sums[2] = add(l[2], h[1]);
}

/* A lone last pixel: each group's eight lanes in turn. */
RK_TARGET static inline void rgb_pixel(const int16_t *src, const int32_t *w, ptrdiff_t groups, int32_t *sums) {
    __m128i low = _mm_setzero_si128(), high = _mm_setzero_si128();
    for (ptrdiff_t g = 0; g < groups; g++, src += 12, w += 8) rgb_group(src, w, 4, &low, &high);
    store_rgb(low, high, sums);
}

/* Output pixels in pairs, as the lanes come (CoefficientTable.lanes). */
RK_TARGET static void three_channels(const int16_t *source, const ptrdiff_t *starts, const int32_t *w, ptrdiff_t count,
                                     ptrdiff_t groups, int32_t *sums) {
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const int16_t *p = source + starts[i] * 3, *q = source + starts[i + 1] * 3;
        __m128i low0 = _mm_setzero_si128(), high0 = low0, low1 = low0, high1 = low0;
        for (ptrdiff_t g = 0; g < groups; g++, p += 12, q += 12, w += 16) {
            rgb_group(p, w, 8, &low0, &high0);
            rgb_group(q, w + 4, 8, &low1, &high1);
        }
        store_rgb(low0, high0, sums + i * 3);
        store_rgb(low1, high1, sums + i * 3 + 3);
    }
    if (i < count) rgb_pixel(source + starts[i] * 3, w, groups, sums + i * 3);
}

/* RGBA: pixels k..k+1 interleaved with k+2..k+3 give (r0,r2,g0,g2,b0,b2,a0,a2) and the odd taps.
 * Adds one group at `src` to *even and *odd with the lanes at `w` and `w + stride`. */
RK_TARGET static inline void rgba_group(const int16_t *src, const int32_t *w, ptrdiff_t stride, __m128i *even, __m128i *odd) {
    __m128i a = load(src), b = load(src + 8);
    *even = _mm_add_epi32(*even, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), load(w)));
    *odd = _mm_add_epi32(*odd, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), load(w + stride)));
}

RK_TARGET static inline void rgba_pixel(const int16_t *src, const int32_t *w, ptrdiff_t groups, int32_t *sums) {
    __m128i even = _mm_setzero_si128(), odd = _mm_setzero_si128();
    for (ptrdiff_t g = 0; g < groups; g++, src += 16, w += 8) rgba_group(src, w, 4, &even, &odd);
    _mm_storeu_si128((__m128i *)sums, _mm_add_epi32(even, odd));
}

RK_TARGET static void four_channels(const int16_t *source, const ptrdiff_t *starts, const int32_t *w, ptrdiff_t count,
                                    ptrdiff_t groups, int32_t *sums) {
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const int16_t *p = source + starts[i] * 4, *q = source + starts[i + 1] * 4;
        __m128i even0 = _mm_setzero_si128(), odd0 = even0, even1 = even0, odd1 = even0;
        for (ptrdiff_t g = 0; g < groups; g++, p += 16, q += 16, w += 16) {
            rgba_group(p, w, 8, &even0, &odd0);
            rgba_group(q, w + 4, 8, &even1, &odd1);
        }
        _mm_storeu_si128((__m128i *)(sums + i * 4), _mm_add_epi32(even0, odd0));
        _mm_storeu_si128((__m128i *)(sums + i * 4 + 4), _mm_add_epi32(even1, odd1));
    }
    if (i < count) rgba_pixel(source + starts[i] * 4, w, groups, sums + i * 4);
}

/* Runs the loop for `channels`. */
RK_TARGET static inline void horizontal(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                                        const int32_t *lanes, ptrdiff_t count, ptrdiff_t groups, int channels,
                                        int32_t *sums) {
    switch (channels) {
    case 1: one_channel(source, starts, weights, count, groups, sums); break;
    case 2: two_channels(source, starts, lanes, count, groups, sums); break;
    case 3: three_channels(source, starts, lanes, count, groups, sums); break;
    default: four_channels(source, starts, lanes, count, groups, sums); break;
    }
}
