/* libheif 1.15's YCbCr to RGB (nclx.cc for the coefficients, heif_colorconversion.cc for the pixels). */
#include "heif/heif_ycbcr.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define HAVE_AVX2_LOOP 1
#endif

#pragma STDC FP_CONTRACT OFF   /* a fused multiply-add would round differently from libheif */

enum { SCALAR, SSE2, AVX2 };
static int chosen_loops = SCALAR;
static pthread_once_t loops_chosen = PTHREAD_ONCE_INIT;

/* The CPU's best loops, or lower ones that ASPECTFIT_SIMD names ("scalar", "sse2"), as the resampler
 * chooses its kernels: to compare them, the bytes being the same. */
static void choose_loops(void) {
#if defined(__SSE2__)
    chosen_loops = SSE2;
#endif
#ifdef HAVE_AVX2_LOOP
    if (__builtin_cpu_supports("avx2")) chosen_loops = AVX2;
#endif
    const char *named = getenv("ASPECTFIT_SIMD");
    if (named != NULL && strcmp(named, "scalar") == 0) chosen_loops = SCALAR;
    if (named != NULL && strcmp(named, "sse2") == 0 && chosen_loops > SSE2) chosen_loops = SSE2;
}

int cio_heif_ycbcr_of(int matrix, int full_range, cio_heif_ycbcr *c) {
    if (matrix == 0 || matrix == 8 || matrix == 12 || matrix == 13) return 0;
    float kr = 0, kb = 0;
    switch (matrix) {
    case 1: kr = 0.2126f; kb = 0.0722f; break;
    case 4: kr = 0.30f; kb = 0.11f; break;
    case 5:
    case 6: kr = 0.299f; kb = 0.114f; break;
    case 7: kr = 0.212f; kb = 0.087f; break;
    case 9:
    case 10: kr = 0.2627f; kb = 0.0593f; break;
    default: break;
    }
    if (kb != 0 || kr != 0) {
        c->r_cr = 2 * (-kr + 1);
        c->g_cb = 2 * kb * (-kb + 1) / (kb + kr - 1);
        c->g_cr = 2 * kr * (-kr + 1) / (kb + kr - 1);
        c->b_cb = 2 * (-kb + 1);
    } else {   /* unspecified and the rest: libheif's fixed BT.601 constants */
        c->r_cr = 1.402f;
        c->g_cb = -0.344136f;
        c->g_cr = -0.714136f;
        c->b_cb = 1.772f;
    }
    c->full_range = full_range;
    pthread_once(&loops_chosen, choose_loops);
    c->loops = chosen_loops;
    return 1;
}

static inline uint8_t clip(float f) {
    const long x = (long)(f + 0.5f);
    return x < 0 ? 0 : x > 255 ? 255 : (uint8_t)x;
}

#if defined(__SSE2__)
/* Four pixels' R, G and B as 32-bit integers: the same single-precision steps as the scalar loop, four
 * lanes at a time (IEEE rounding per lane, so the bytes are the same). */
static inline void convert4(const cio_heif_ycbcr *c, __m128i y, __m128i u, __m128i v, __m128i *r, __m128i *g, __m128i *b) {
    __m128 yv = _mm_cvtepi32_ps(y), uf = _mm_cvtepi32_ps(_mm_sub_epi32(u, _mm_set1_epi32(128)));
    __m128 vf = _mm_cvtepi32_ps(_mm_sub_epi32(v, _mm_set1_epi32(128)));
    if (!c->full_range) {
        yv = _mm_mul_ps(_mm_sub_ps(yv, _mm_set1_ps(16.0f)), _mm_set1_ps(1.1689f));
        uf = _mm_mul_ps(uf, _mm_set1_ps(1.1429f));
        vf = _mm_mul_ps(vf, _mm_set1_ps(1.1429f));
    }
    const __m128 half = _mm_set1_ps(0.5f);
    const __m128 rf = _mm_add_ps(yv, _mm_mul_ps(_mm_set1_ps(c->r_cr), vf));
    const __m128 gf = _mm_add_ps(_mm_add_ps(yv, _mm_mul_ps(_mm_set1_ps(c->g_cb), uf)), _mm_mul_ps(_mm_set1_ps(c->g_cr), vf));
    const __m128 bf = _mm_add_ps(yv, _mm_mul_ps(_mm_set1_ps(c->b_cb), uf));
    *r = _mm_cvttps_epi32(_mm_add_ps(rf, half));
    *g = _mm_cvttps_epi32(_mm_add_ps(gf, half));
    *b = _mm_cvttps_epi32(_mm_add_ps(bf, half));
}

/* Eight 16-bit lanes widened to two vectors of four 32-bit ones. */
static inline void widen(__m128i x, __m128i *low, __m128i *high) {
    *low = _mm_unpacklo_epi16(x, _mm_setzero_si128());
    *high = _mm_unpackhi_epi16(x, _mm_setzero_si128());
}

/* Pixels x ..< x + 8 to `rgb`, one pixel every `step` bytes: returns x + 8. Saturating packs clamp to
 * 0...255 as the scalar clip does. */
static inline uint32_t convert8(const cio_heif_ycbcr *c, const uint8_t *y, const uint8_t *cb, const uint8_t *cr,
                                int chroma_shift, uint32_t x, uint8_t *rgb, ptrdiff_t step) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i y16 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(y + x)), zero);
    __m128i u16, v16;
    if (chroma_shift) {   /* four chroma samples, each for two pixels */
        int32_t u4, v4;
        memcpy(&u4, cb + (x >> 1), 4);
        memcpy(&v4, cr + (x >> 1), 4);
        u16 = _mm_unpacklo_epi8(_mm_cvtsi32_si128(u4), zero);
        v16 = _mm_unpacklo_epi8(_mm_cvtsi32_si128(v4), zero);
        u16 = _mm_unpacklo_epi16(u16, u16);
        v16 = _mm_unpacklo_epi16(v16, v16);
    } else {
        u16 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(cb + x)), zero);
        v16 = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(cr + x)), zero);
    }
    __m128i yl, yh, ul, uh, vl, vh, rl, rh, gl, gh, bl, bh;
    widen(y16, &yl, &yh);
    widen(u16, &ul, &uh);
    widen(v16, &vl, &vh);
    convert4(c, yl, ul, vl, &rl, &gl, &bl);
    convert4(c, yh, uh, vh, &rh, &gh, &bh);
    const __m128i r = _mm_packus_epi16(_mm_packs_epi32(rl, rh), zero);
    const __m128i g = _mm_packus_epi16(_mm_packs_epi32(gl, gh), zero);
    const __m128i b = _mm_packus_epi16(_mm_packs_epi32(bl, bh), zero);
    const __m128i rg = _mm_unpacklo_epi8(r, g), b0 = _mm_unpacklo_epi8(b, zero);
    uint32_t pixels[8];   /* R, G, B, 0 */
    _mm_storeu_si128((__m128i *)pixels, _mm_unpacklo_epi16(rg, b0));
    _mm_storeu_si128((__m128i *)(pixels + 4), _mm_unpackhi_epi16(rg, b0));
    if (step == 3) {   /* each pixel's 4th byte is overwritten by the next; the last one stays in its 3 bytes */
        for (int i = 0; i < 7; i++) memcpy(rgb + 3 * i, &pixels[i], 4);
        memcpy(rgb + 21, &pixels[7], 3);
    } else {
        for (int i = 0; i < 8; i++) memcpy(rgb + step * i, &pixels[i], 3);
    }
    return x + 8;
}
#endif

#ifdef HAVE_AVX2_LOOP
/* The vector loop eight pixels at a time in one register: each pixel's R, G and B clamped and packed
 * into a 32-bit lane (the same single-precision steps per lane, so the same bytes). Returns where it
 * stopped: fewer than 8 pixels before `end`. */
__attribute__((target("avx2"))) static uint32_t convert_avx2(const cio_heif_ycbcr *c, const uint8_t *y, const uint8_t *cb,
                                                             const uint8_t *cr, int chroma_shift, uint32_t x,
                                                             uint32_t end, uint8_t **rgb, ptrdiff_t step) {
    const __m256 r_cr = _mm256_set1_ps(c->r_cr), g_cb = _mm256_set1_ps(c->g_cb), g_cr = _mm256_set1_ps(c->g_cr);
    const __m256 b_cb = _mm256_set1_ps(c->b_cb), half = _mm256_set1_ps(0.5f);
    const __m256i bias = _mm256_set1_epi32(128), zero = _mm256_setzero_si256(), top = _mm256_set1_epi32(255);
    const __m128i three_bytes = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    uint8_t *out = *rgb;
    for (; end - x >= 8; x += 8, out += 8 * step) {
        __m128i u8, v8;
        if (chroma_shift) {   /* four chroma samples, each repeated for its two pixels */
            int32_t u4, v4;
            memcpy(&u4, cb + (x >> 1), 4);
            memcpy(&v4, cr + (x >> 1), 4);
            u8 = _mm_unpacklo_epi8(_mm_cvtsi32_si128(u4), _mm_cvtsi32_si128(u4));
            v8 = _mm_unpacklo_epi8(_mm_cvtsi32_si128(v4), _mm_cvtsi32_si128(v4));
        } else {
            u8 = _mm_loadl_epi64((const __m128i *)(cb + x));
            v8 = _mm_loadl_epi64((const __m128i *)(cr + x));
        }
        __m256 yv = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(y + x))));
        __m256 uf = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_cvtepu8_epi32(u8), bias));
        __m256 vf = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_cvtepu8_epi32(v8), bias));
        if (!c->full_range) {
            yv = _mm256_mul_ps(_mm256_sub_ps(yv, _mm256_set1_ps(16.0f)), _mm256_set1_ps(1.1689f));
            uf = _mm256_mul_ps(uf, _mm256_set1_ps(1.1429f));
            vf = _mm256_mul_ps(vf, _mm256_set1_ps(1.1429f));
        }
        const __m256 rf = _mm256_add_ps(yv, _mm256_mul_ps(r_cr, vf));
        const __m256 gf = _mm256_add_ps(_mm256_add_ps(yv, _mm256_mul_ps(g_cb, uf)), _mm256_mul_ps(g_cr, vf));
        const __m256 bf = _mm256_add_ps(yv, _mm256_mul_ps(b_cb, uf));
        const __m256i r = _mm256_min_epi32(_mm256_max_epi32(_mm256_cvttps_epi32(_mm256_add_ps(rf, half)), zero), top);
        const __m256i g = _mm256_min_epi32(_mm256_max_epi32(_mm256_cvttps_epi32(_mm256_add_ps(gf, half)), zero), top);
        const __m256i b = _mm256_min_epi32(_mm256_max_epi32(_mm256_cvttps_epi32(_mm256_add_ps(bf, half)), zero), top);
        const __m256i pixels = _mm256_or_si256(r, _mm256_or_si256(_mm256_slli_epi32(g, 8), _mm256_slli_epi32(b, 16)));
        if (step == 3) {
            const __m128i low = _mm_shuffle_epi8(_mm256_castsi256_si128(pixels), three_bytes);
            const __m128i high = _mm_shuffle_epi8(_mm256_extracti128_si256(pixels, 1), three_bytes);
            if (end - x >= 16) {   /* 16-byte stores: the 4 bytes past these 8 pixels are the next 8's */
                _mm_storeu_si128((__m128i *)out, low);
                _mm_storeu_si128((__m128i *)(out + 12), high);
            } else {
                _mm_storel_epi64((__m128i *)out, low);
                const int32_t low_end = _mm_cvtsi128_si32(_mm_srli_si128(low, 8));
                memcpy(out + 8, &low_end, 4);
                _mm_storel_epi64((__m128i *)(out + 12), high);
                const int32_t high_end = _mm_cvtsi128_si32(_mm_srli_si128(high, 8));
                memcpy(out + 20, &high_end, 4);
            }
        } else {
            uint32_t lanes[8];
            _mm256_storeu_si256((__m256i *)lanes, pixels);
            for (int i = 0; i < 8; i++) memcpy(out + step * i, &lanes[i], 3);
        }
    }
    *rgb = out;
    return x;
}
#endif

static inline void convert1(const cio_heif_ycbcr *c, const uint8_t *y, const uint8_t *cb, const uint8_t *cr,
                            int chroma_shift, uint32_t x, uint8_t *rgb) {
    const uint32_t cx = x >> chroma_shift;
    float yv = (float)y[x], u = (float)(cb[cx] - 128), v = (float)(cr[cx] - 128);
    if (!c->full_range) {
        yv = (yv - 16.0f) * 1.1689f;
        u = u * 1.1429f;
        v = v * 1.1429f;
    }
    rgb[0] = clip(yv + c->r_cr * v);
    rgb[1] = clip(yv + c->g_cb * u + c->g_cr * v);
    rgb[2] = clip(yv + c->b_cb * u);
}

void cio_heif_ycbcr_row(const cio_heif_ycbcr *c, const uint8_t *y, const uint8_t *cb, const uint8_t *cr,
                        int chroma_shift, uint32_t x0, uint32_t width, uint8_t *rgb, ptrdiff_t step) {
    uint32_t x = x0;
    const uint32_t end = x0 + width;
    if (c->loops != SCALAR && chroma_shift && (x & 1) != 0 && x < end) {   /* the vectors start on a chroma pair */
        convert1(c, y, cb, cr, chroma_shift, x++, rgb);
        rgb += step;
    }
#ifdef HAVE_AVX2_LOOP
    if (c->loops == AVX2) x = convert_avx2(c, y, cb, cr, chroma_shift, x, end, &rgb, step);
#endif
#if defined(__SSE2__)
    while (c->loops != SCALAR && end - x >= 8) {
        x = convert8(c, y, cb, cr, chroma_shift, x, rgb, step);
        rgb += 8 * step;
    }
#endif
    for (; x < end; x++, rgb += step) convert1(c, y, cb, cr, chroma_shift, x, rgb);
}
