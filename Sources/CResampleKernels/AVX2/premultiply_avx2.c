/* RGBA premultiplication, AVX2: the SSE2 kernel's arithmetic on four pixels per 256-bit register
 * (bytes widened with vpmovzxbw instead of two unpacks). Only call it when rk_cpu_has_avx2().
 * Preconditions: see rk_premultiply_rgba_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

AVX2 ptrdiff_t rk_premultiply_rgba_avx2(const uint8_t *source, ptrdiff_t count, int16_t *destination) {
    const __m256i colour_lanes = _mm256_set1_epi64x(0x0000ffffffffffffLL);
    const __m256i opaque = _mm256_set1_epi64x(255LL << 48);
    const __m256i two = _mm256_set1_epi16(2), scale = _mm256_set1_epi16(16448);
    ptrdiff_t p = 0;
    for (; p + 4 <= count; p += 4) {
        __m256i v = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(source + p * 4)));
        __m256i alpha = _mm256_srli_epi64(v, 48);
        alpha = _mm256_or_si256(alpha, _mm256_slli_epi64(alpha, 16));
        alpha = _mm256_or_si256(alpha, _mm256_slli_epi64(alpha, 32));
        __m256i factor = _mm256_or_si256(_mm256_and_si256(alpha, colour_lanes), opaque);
        __m256i out = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(v, factor), two), scale);
        _mm256_storeu_si256((__m256i *)(destination + p * 4), out);
    }
    return p;
}
#endif
