/* The alpha output conversion's loop (unpremultiply_loop.h) compiled for AVX2: only call it when
 * rk_cpu_has_avx2(). Preconditions: see rk_unpremultiply_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#define RK_TARGET __attribute__((target("avx2")))
#include "../unpremultiply_loop.h"

RK_TARGET void rk_unpremultiply_avx2(const int32_t *sums, ptrdiff_t count, int channels, int code_shift,
                                     double scale, const uint8_t *_Nullable table, ptrdiff_t pixel_stride,
                                     uint8_t *destination) {
    unpremultiply(sums, count, channels, code_shift, scale, table, pixel_stride, destination);
}
#endif
