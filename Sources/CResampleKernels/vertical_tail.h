/* Shared by the vertical and narrowing kernels of every instruction set: the SSE2 loops resumed at
 * sample x (where a wider loop stopped), and the one-sample sums and narrowing they end with. */
#ifndef VERTICAL_TAIL_H
#define VERTICAL_TAIL_H

#include "resample_kernels.h"

#pragma clang assume_nonnull begin

void rk_vertical_sse2_from(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t x,
                           ptrdiff_t length, int32_t *sums);
void rk_vertical_narrowing_sse2_from(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                     ptrdiff_t x, ptrdiff_t length, int shift, int16_t *destination);

/* Weight t of a row of (w_2k, w_2k+1) pairs. */
static inline int32_t rk_weight(const int32_t *pairs, ptrdiff_t t) {
    return (int16_t)(uint16_t)((uint32_t)pairs[t / 2] >> (t % 2 ? 16 : 0));
}

/* Sum over t of w_t * rows[t][x], wrapping like the SIMD lanes. */
static inline int32_t rk_vertical_sum16(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                        ptrdiff_t x) {
    uint32_t sum = 0;
    for (ptrdiff_t t = 0; t < taps; t++) sum += (uint32_t)(rk_weight(pairs, t) * rows[t][x]);
    return (int32_t)sum;
}

static inline int32_t rk_vertical_sum8(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                       ptrdiff_t x) {
    uint32_t sum = 0;
    for (ptrdiff_t t = 0; t < taps; t++) sum += (uint32_t)(rk_weight(pairs, t) * rows[t][x]);
    return (int32_t)sum;
}

/* round(sum / 2^shift), saturated to Int16, as packssdw does. */
static inline int16_t rk_narrow(int32_t sum, int shift) {
    int32_t v = (int32_t)((uint32_t)sum + (1u << (shift - 1))) >> shift;
    return (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
}

#pragma clang assume_nonnull end

#endif
