/* Trellis quantisation of one block's AC coefficients: the values that minimise rate + lambda x
 * distortion over the block's run-length/Huffman coding, found by dynamic programming over where each
 * run of zeros starts (as mozjpeg's quantize_trellis, with its lambda). */
#ifndef CIMAGEIO_TRELLIS_QUANTISE_H
#define CIMAGEIO_TRELLIS_QUANTISE_H

#include "jpeg/huffman_lengths.h"
#include <stdint.h>

enum { CIO_DC_CANDIDATES = 3 };

/* What the DC trellis (across blocks, cio_trellis_choose_dc) needs of one block: the candidates
 * nearest - 1, nearest, nearest + 1 and the distortion (in the AC trellis's units) of each. */
typedef struct {
    int16_t nearest;
    float distortion[CIO_DC_CANDIDATES];
} cio_dc_choice;

/* Quantises `coefficients` (F(u,v) row by row, from cio_forward_dct) with `quant` (row by row) into
 * `out` (row by row): AC by the trellis under the code lengths `ac` (every symbol with a length),
 * DC rounded to nearest; fills `dc` for the DC trellis. */
void cio_trellis_quantise_block(const float coefficients[64], const uint16_t quant[64], const cio_huffman_lengths *ac,
                                int16_t out[64], cio_dc_choice *dc);

/* The DC trellis: for `count` blocks in coding order (`blocks[i]` their coefficients, `choices[i]`
 * from cio_trellis_quantise_block), picks each block's DC among its candidates minimising the
 * DC differences' code lengths (`dc`, every symbol with a length) plus distortion, and stores it in
 * blocks[i][0]. `scratch` holds count * CIO_DC_CANDIDATES bytes. */
void cio_trellis_choose_dc(int16_t *const *blocks, const cio_dc_choice *choices, size_t count,
                           const cio_huffman_lengths *dc, uint8_t *scratch);

#endif
