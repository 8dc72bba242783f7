/* The horizontal pass's loops (horizontal_loops.h) compiled for AVX2: only call it when
 * rk_cpu_has_avx2(). Preconditions: see rk_horizontal_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#define RK_TARGET __attribute__((target("avx2")))
#include "../horizontal_loops.h"

RK_TARGET void rk_horizontal_avx2(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                                  const int32_t *_Nullable lanes, ptrdiff_t count, ptrdiff_t groups, int channels,
                                  int32_t *sums) {
    horizontal(source, starts, weights, lanes, count, groups, channels, sums);
}
#endif
