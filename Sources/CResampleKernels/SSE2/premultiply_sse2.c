/* RGBA premultiplication, SSE2, four pixels per step, bit-exact with SourceConversion.premultiplied:
 * pmullw forms c * a, pmulhuw scales it by 16448 / 65536. Preconditions: see the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#include <emmintrin.h>

/* Two pixels as Int16 lanes (r, g, b, a, r, g, b, a) to premultiplied ones. */
static inline __m128i premultiply(__m128i v) {
    const __m128i colour_lanes = _mm_set_epi16(0, -1, -1, -1, 0, -1, -1, -1);
    const __m128i opaque = _mm_set_epi16(255, 0, 0, 0, 255, 0, 0, 0);
    __m128i alpha = _mm_srli_epi64(v, 48);
    alpha = _mm_or_si128(alpha, _mm_slli_epi64(alpha, 16));
    alpha = _mm_or_si128(alpha, _mm_slli_epi64(alpha, 32));
    __m128i factor = _mm_or_si128(_mm_and_si128(alpha, colour_lanes), opaque);
    return _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(v, factor), _mm_set1_epi16(2)), _mm_set1_epi16(16448));
}

ptrdiff_t rk_premultiply_rgba_sse2(const uint8_t *source, ptrdiff_t count, int16_t *destination) {
    const __m128i zero = _mm_setzero_si128();
    ptrdiff_t p = 0;
    for (; p + 4 <= count; p += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(source + p * 4));
        _mm_storeu_si128((__m128i *)(destination + p * 4), premultiply(_mm_unpacklo_epi8(x, zero)));
        _mm_storeu_si128((__m128i *)(destination + p * 4 + 8), premultiply(_mm_unpackhi_epi8(x, zero)));
    }
    return p;
}
#endif
