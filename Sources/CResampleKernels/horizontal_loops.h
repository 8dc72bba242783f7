/* The horizontal pass's 128-bit loops, compiled twice: for baseline SSE2 (SSE2/horizontal_sse2.c)
 * and with RK_TARGET = target("avx2") (AVX2/horizontal_avx2.c), where the VEX encoding folds the
 * unaligned weight loads into pmaddwd and saves the register copies (about 30% fewer instructions).
 *
 * Samples of pixels k, k+1 are interleaved with those of k+2, k+3 so that one pmaddwd multiplies
 * two taps of a channel by the matching pair of weights from the table's lanes, four taps per step.
 * RGB and RGBA run two output pixels side by side, as their lanes are laid out (see
 * CoefficientTable.lanes); the AVX2 build swaps in a 256-bit version of that loop by defining
 * RK_COLOUR_CHANNELS (horizontal_avx2.c). Preconditions: see rk_horizontal_sse2 in
 * resample_kernels.h. Define RK_TARGET (and RK_COLOUR_CHANNELS, if another loop), then include. */
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

/* RGB and RGBA, `channels` 3 or 4, a constant wherever these are inlined. One group of four taps:
 * a = pixels k, k+1 and b = pixels k+2, k+3 (RGB: b starts at r2 and runs into pixel k+4) interleave
 * to low and high halves, RGB (r0,r2, g0,g2, b0,b2, r1,r3) and (g1,g3, b1,b3, -, -), RGBA
 * (r0,r2, g0,g2, b0,b2, a0,a2) and the same of the odd taps; the lanes at `w` and `w + stride`
 * weigh them. */
RK_TARGET __attribute__((always_inline)) static inline void colour_group(const int16_t *src, int channels, const int32_t *w,
                                                                         ptrdiff_t stride, __m128i *low, __m128i *high) {
    __m128i a = load(src), b = load(src + 2 * channels);
    *low = _mm_add_epi32(*low, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), load(w)));
    *high = _mm_add_epi32(*high, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), load(w + stride)));
}

/* One pixel's sums from its low and high halves: RGB folds the halves' lanes, RGBA adds them. */
RK_TARGET __attribute__((always_inline)) static inline void store_colour(__m128i low, __m128i high, int channels, int32_t *sums) {
    if (channels == 4) {
        _mm_storeu_si128((__m128i *)sums, _mm_add_epi32(low, high));
        return;
    }
    int32_t l[4], h[4];
    _mm_storeu_si128((__m128i *)l, low);
    _mm_storeu_si128((__m128i *)h, high);
    sums[0] = add(l[0], l[3]);
    sums[1] = add(l[1], h[0]);
    sums[2] = add(l[2], h[1]);
}

/* A lone last pixel: each group's eight lanes in turn. */
RK_TARGET __attribute__((always_inline)) static inline void colour_pixel(const int16_t *src, int channels, const int32_t *w,
                                                                         ptrdiff_t groups, int32_t *sums) {
    __m128i low = _mm_setzero_si128(), high = _mm_setzero_si128();
    for (ptrdiff_t g = 0; g < groups; g++, src += 4 * channels, w += 8) colour_group(src, channels, w, 4, &low, &high);
    store_colour(low, high, channels, sums);
}

/* Output pixels in pairs, as the lanes come (CoefficientTable.lanes). */
RK_TARGET __attribute__((always_inline)) static inline void colour_channels(const int16_t *source, const ptrdiff_t *starts,
                                                                            const int32_t *w, ptrdiff_t count, ptrdiff_t groups,
                                                                            int channels, int32_t *sums) {
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const int16_t *p = source + starts[i] * channels, *q = source + starts[i + 1] * channels;
        __m128i low0 = _mm_setzero_si128(), high0 = low0, low1 = low0, high1 = low0;
        for (ptrdiff_t g = 0; g < groups; g++, p += 4 * channels, q += 4 * channels, w += 16) {
            colour_group(p, channels, w, 8, &low0, &high0);
            colour_group(q, channels, w + 4, 8, &low1, &high1);
        }
        store_colour(low0, high0, channels, sums + i * channels);
        store_colour(low1, high1, channels, sums + (i + 1) * channels);
    }
    if (i < count) colour_pixel(source + starts[i] * channels, channels, w, groups, sums + i * channels);
}

#ifndef RK_COLOUR_CHANNELS
#define RK_COLOUR_CHANNELS colour_channels
#endif

/* The colour loop specialised for RGB and for RGBA, each in a function of its own (inlined into one
 * switch, the two share registers and spill per pixel). */
RK_TARGET __attribute__((noinline)) static void rgb_channels(const int16_t *source, const ptrdiff_t *starts, const int32_t *w,
                                                             ptrdiff_t count, ptrdiff_t groups, int32_t *sums) {
    RK_COLOUR_CHANNELS(source, starts, w, count, groups, 3, sums);
}
RK_TARGET __attribute__((noinline)) static void rgba_channels(const int16_t *source, const ptrdiff_t *starts, const int32_t *w,
                                                              ptrdiff_t count, ptrdiff_t groups, int32_t *sums) {
    RK_COLOUR_CHANNELS(source, starts, w, count, groups, 4, sums);
}

/* Runs the loop for `channels`. */
RK_TARGET static inline void horizontal(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                                        const int32_t *lanes, ptrdiff_t count, ptrdiff_t groups, int channels,
                                        int32_t *sums) {
    switch (channels) {
    case 1: one_channel(source, starts, weights, count, groups, sums); break;
    case 2: two_channels(source, starts, lanes, count, groups, sums); break;
    case 3: rgb_channels(source, starts, lanes, count, groups, sums); break;
    default: rgba_channels(source, starts, lanes, count, groups, sums); break;
    }
}
