/* The alpha output conversion for baseline x86-64 (the loop is in unpremultiply_loop.h).
 * Preconditions: see rk_unpremultiply_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#define RK_TARGET
#include "../unpremultiply_loop.h"

void rk_unpremultiply_sse2(const int32_t *sums, ptrdiff_t count, int channels, int code_shift, double scale,
                           const uint8_t *_Nullable table, ptrdiff_t pixel_stride, uint8_t *destination) {
    unpremultiply(sums, count, channels, code_shift, scale, table, pixel_stride, destination);
}
#endif
