/* The output conversion for baseline x86-64 (the loops are in output_loops.h).
 * Preconditions: see rk_output_codes_sse2 and rk_unpremultiply_sse2 in the header. */
#include "resample_kernels.h"

#if defined(__x86_64__)
#define RK_TARGET
#include "../output_loops.h"

void rk_unpremultiply_sse2(const int32_t *sums, ptrdiff_t count, int channels, int code_shift, double scale,
                           const uint8_t *_Nullable table, ptrdiff_t pixel_stride, uint8_t *destination) {
    unpremultiply(sums, count, channels, code_shift, scale, table, pixel_stride, destination);
}

void rk_output_codes_sse2(const int32_t *sums, ptrdiff_t count, int code_shift, uint8_t *destination) {
    codes(sums, count, code_shift, destination);
}
#endif
