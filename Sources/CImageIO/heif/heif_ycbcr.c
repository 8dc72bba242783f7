/* libheif 1.15's YCbCr to RGB (nclx.cc for the coefficients, heif_colorconversion.cc for the pixels). */
#include "heif/heif_ycbcr.h"
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#pragma STDC FP_CONTRACT OFF   /* a fused multiply-add would round differently from libheif */

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

/* Pixels x ..< x + 8: returns x + 8. Saturating packs clamp to 0...255 as the scalar clip does. */
static inline uint32_t convert8(const cio_heif_ycbcr *c, const uint8_t *y, const uint8_t *cb, const uint8_t *cr,
                                int chroma_shift, uint32_t x, uint8_t *rgb) {
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
    uint8_t r[16], g[16], b[16];
    _mm_storeu_si128((__m128i *)r, _mm_packus_epi16(_mm_packs_epi32(rl, rh), zero));
    _mm_storeu_si128((__m128i *)g, _mm_packus_epi16(_mm_packs_epi32(gl, gh), zero));
    _mm_storeu_si128((__m128i *)b, _mm_packus_epi16(_mm_packs_epi32(bl, bh), zero));
    for (int i = 0; i < 8; i++) {
        rgb[3 * i] = r[i];
        rgb[3 * i + 1] = g[i];
        rgb[3 * i + 2] = b[i];
    }
    return x + 8;
}
#endif

void cio_heif_ycbcr_row(const cio_heif_ycbcr *c, const uint8_t *y, const uint8_t *cb, const uint8_t *cr,
                        int chroma_shift, uint32_t x0, uint32_t width, uint8_t *rgb) {
    const float r_cr = c->r_cr, g_cb = c->g_cb, g_cr = c->g_cr, b_cb = c->b_cb;
    uint32_t x = x0;
    const uint32_t end = x0 + width;
#if defined(__SSE2__)
    /* whole chroma pairs only: the vector step starts on an even pixel when the chroma is halved */
    if (!chroma_shift || (x & 1) == 0) {
        while (end - x >= 8) {
            x = convert8(c, y, cb, cr, chroma_shift, x, rgb);
            rgb += 24;
        }
    }
#endif
    for (; x < end; x++, rgb += 3) {
        const uint32_t cx = x >> chroma_shift;
        float yv = (float)y[x], u = (float)(cb[cx] - 128), v = (float)(cr[cx] - 128);
        if (!c->full_range) {
            yv = (yv - 16.0f) * 1.1689f;
            u = u * 1.1429f;
            v = v * 1.1429f;
        }
        rgb[0] = clip(yv + r_cr * v);
        rgb[1] = clip(yv + g_cb * u + g_cr * v);
        rgb[2] = clip(yv + b_cb * u);
    }
}
