/* The horizontal pass for baseline x86-64 (the loops are in horizontal_loops.h).
 * Preconditions: see rk_horizontal_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#define RK_TARGET
#include "../horizontal_loops.h"

void rk_horizontal_sse2(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                        const int32_t *_Nullable lanes, ptrdiff_t count, ptrdiff_t groups, int channels, int32_t *sums) {
    horizontal(source, starts, weights, lanes, count, groups, channels, sums);
}
#endif
