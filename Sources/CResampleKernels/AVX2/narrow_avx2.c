/* Narrowing, AVX2: sixteen sums per step; vpackssdw packs within 128-bit halves, so a
 * vpermq puts the four runs of four back in order. Only call it when rk_cpu_has_avx2().
 * Preconditions: see rk_narrow_sse2 in the header. */
#include "resample_kernels.h"
#include "../vertical_tail.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
void rk_narrow_avx2(const int32_t *sums, ptrdiff_t count, int shift, int16_t *destination) {
    const __m256i half = _mm256_set1_epi32(1 << (shift - 1));
    const __m128i by = _mm_cvtsi32_si128(shift);
    ptrdiff_t s = 0;
    for (; s + 16 <= count; s += 16) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(sums + s));
        __m256i b = _mm256_loadu_si256((const __m256i *)(sums + s + 8));
        a = _mm256_sra_epi32(_mm256_add_epi32(a, half), by);
        b = _mm256_sra_epi32(_mm256_add_epi32(b, half), by);
        /* (a0-3, b0-3 | a4-7, b4-7) -> (a0-3, a4-7, b0-3, b4-7) */
        __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8);
        _mm256_storeu_si256((__m256i *)(destination + s), packed);
    }
    for (; s < count; s++) destination[s] = rk_narrow(sums[s], shift);
}
#endif
