/* Narrowing, SSE2: eight sums per step rounded, shifted and packed to Int16 with packssdw, whose
 * saturation is the clamp. Preconditions: see rk_narrow_sse2 in the header. */
#include "resample_kernels.h"
#include "../vertical_tail.h"

#if defined(__x86_64__)
#include <emmintrin.h>

void rk_narrow_sse2(const int32_t *sums, ptrdiff_t count, int shift, int16_t *destination) {
    const __m128i half = _mm_set1_epi32(1 << (shift - 1)), by = _mm_cvtsi32_si128(shift);
    ptrdiff_t s = 0;
    for (; s + 8 <= count; s += 8) {
        __m128i a = _mm_loadu_si128((const __m128i *)(sums + s)), b = _mm_loadu_si128((const __m128i *)(sums + s + 4));
        a = _mm_sra_epi32(_mm_add_epi32(a, half), by);
        b = _mm_sra_epi32(_mm_add_epi32(b, half), by);
        _mm_storeu_si128((__m128i *)(destination + s), _mm_packs_epi32(a, b));
    }
    for (; s < count; s++) destination[s] = rk_narrow(sums[s], shift);
}
#endif
