/* resample_kernels: the resampler's inner loops for x86-64, one folder per instruction set.
 *
 * Every x86-64 has SSE2, so the SSE2 kernels are compiled for the baseline. The AVX2 kernels are
 * compiled with __attribute__((target("avx2"))) inside an otherwise baseline binary and must only
 * be called when rk_cpu_has_avx2() is true: the Swift side (InstructionSet) checks once and picks
 * per call. Each kernel is bit-exact with the plainly written Swift pass it speeds up (the tests
 * compare every pair). Loops shared by two sets are in *_loops.h, compiled once per set.
 *
 * The kernels trust their arguments (no checks, no bounds): the preconditions are in each comment.
 * On other architectures the kernels are not compiled and rk_cpu_has_* return 0. */
#ifndef RESAMPLE_KERNELS_H
#define RESAMPLE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/* Whether this CPU (and the OS, which must save the 256-bit registers) runs SSE2 / AVX2. */
int rk_cpu_has_sse2(void);
int rk_cpu_has_avx2(void);

/* The horizontal pass over one row of Int16 samples of `channels` (1-4) per pixel:
 * sums[i * channels + c] = sum over t < taps of weight(i, t) * source[(starts[i] + t) * channels + c].
 * `weights` (read for 1 channel) holds count * taps Int16 weights, `lanes` (read for 2-4 channels,
 * may be NULL for 1) the same weights regrouped as CoefficientTable.lanes; groups = taps / 4.
 * Preconditions: taps is a multiple of 4; source is readable for 16 samples past the last window
 * (the 2- and 3-channel loads run past it); sums holds count * channels Int32. */
void rk_horizontal_sse2(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                        const int32_t *_Nullable lanes, ptrdiff_t count, ptrdiff_t groups, int channels, int32_t *sums);
void rk_horizontal_avx2(const int16_t *source, const ptrdiff_t *starts, const int16_t *weights,
                        const int32_t *_Nullable lanes, ptrdiff_t count, ptrdiff_t groups, int channels, int32_t *sums);

/* The vertical pass over `taps` rows of Int16 samples: sums[x] = sum over t of w_t * rows[t][x] for
 * x in [0, length), with the weights as (w_2k, w_2k+1) pairs in one Int32 each (taps / 2 of them).
 * Preconditions: taps is even; every row holds `length` samples; sums holds `length` Int32. */
void rk_vertical_sse2(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t length,
                      int32_t *sums);
void rk_vertical_avx2(const int16_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps, ptrdiff_t length,
                      int32_t *sums);

/* The vertical pass over 8-bit rows, each sum rounded, shifted right by `shift` (1-31) and
 * saturated to Int16 into destination[x] for x in [0, length).
 * Preconditions: as rk_vertical_sse2, with byte rows; destination holds `length` Int16. */
void rk_vertical_narrowing_sse2(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                ptrdiff_t length, int shift, int16_t *destination);
void rk_vertical_narrowing_avx2(const uint8_t *_Nonnull const *_Nonnull rows, const int32_t *pairs, ptrdiff_t taps,
                                ptrdiff_t length, int shift, int16_t *destination);

/* Rounds first-pass sums back to Int16 sample units: destination[s] = (sums[s] + 2^(shift-1)) >> shift,
 * saturated to Int16, for s in [0, count). Preconditions: shift is 1-31; sums holds `count` Int32,
 * destination `count` Int16. */
void rk_narrow_sse2(const int32_t *sums, ptrdiff_t count, int shift, int16_t *destination);
void rk_narrow_avx2(const int32_t *sums, ptrdiff_t count, int shift, int16_t *destination);

/* Premultiplies whole groups of four RGBA pixels to Int16 samples (colour c * a * 64 / 255 as
 * SourceConversion.premultiplied computes it, alpha a * 64); returns how many pixels it did
 * (count rounded down to a multiple of 4), the caller converts the rest.
 * Preconditions: source holds count * 4 bytes, destination count * 4 Int16. */
ptrdiff_t rk_premultiply_rgba_sse2(const uint8_t *source, ptrdiff_t count, int16_t *destination);
ptrdiff_t rk_premultiply_rgba_avx2(const uint8_t *source, ptrdiff_t count, int16_t *destination);

/* Second-pass sums to 8-bit codes: destination[s] = (sums[s] + 2^(code_shift-1)) >> code_shift,
 * clamped to 0-255. Preconditions: sums holds `count` Int32, destination `count` bytes. */
void rk_output_codes_sse2(const int32_t *sums, ptrdiff_t count, int code_shift, uint8_t *destination);
void rk_output_codes_avx2(const int32_t *sums, ptrdiff_t count, int code_shift, uint8_t *destination);

/* Second-pass sums of premultiplied pixels (`channels` 2 or 4, alpha last) to 8-bit pixels: alpha is
 * the rounded, clamped sum >> code_shift; each colour is sum * scale / alpha sum, rounded and
 * clamped to [0, scale], then looked up in `table` (linear light: scale 16320) or taken as the code
 * (scale 255, table NULL). Pixel i goes to destination + i * pixel_stride (may be negative).
 * Preconditions: sums holds count * channels Int32; every destination pixel is writable; table,
 * if given, holds scale + 1 entries. */
void rk_unpremultiply_sse2(const int32_t *sums, ptrdiff_t count, int channels, int code_shift, double scale,
                           const uint8_t *_Nullable table, ptrdiff_t pixel_stride, uint8_t *destination);
void rk_unpremultiply_avx2(const int32_t *sums, ptrdiff_t count, int channels, int code_shift, double scale,
                           const uint8_t *_Nullable table, ptrdiff_t pixel_stride, uint8_t *destination);

/* Box reduction by `factor` (2-8), in two steps. The column sums of one block row's rows:
 * sums[i] = row[i] for the first row (`first` non-zero), else sums[i] += row[i], i in [0, length).
 * Preconditions: at most 8 rows per block (the sums fit 16 bits); both hold `length` samples. */
void rk_box_sum_row(uint16_t *sums, const uint8_t *row, ptrdiff_t length, int first);

/* The block means of one block row of `rows` (1-8) rows: pixel x of `width` (>= 1) is the rounded
 * mean of sums' `factor` pixels from x * factor (`last_width` pixels for the last), `channels`
 * (1-4) samples each, every sum covering `rows` rows. Preconditions: sums holds
 * ((width - 1) * factor + last_width) * channels samples and 8 more may be read (their values
 * unused), destination width * channels bytes. */
void rk_box_mean_columns(const uint16_t *sums, ptrdiff_t width, int channels, int factor, int last_width, int rows,
                         uint8_t *destination);

#pragma clang assume_nonnull end

#endif
