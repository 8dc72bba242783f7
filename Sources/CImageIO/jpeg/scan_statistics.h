/* Counting the Huffman symbols (and magnitude bits) a scan would code: what optimal tables are built
 * from and what the scan choice compares. */
#ifndef CIMAGEIO_SCAN_STATISTICS_H
#define CIMAGEIO_SCAN_STATISTICS_H

#include "jpeg/huffman_lengths.h"
#include <jpeglib.h>

typedef struct {
    uint32_t counts[CIO_HUFFMAN_SYMBOLS];
    uint64_t extra_bits;          /* magnitude and EOB-run bits after the symbols */
} cio_symbol_counts;


/* DC differences along `count` blocks in coding order, predicted from 0. */
void cio_count_dc(JCOEF *const *blocks, size_t count, cio_symbol_counts *counts);

/* A progressive first AC scan (successive approximation off) over zigzag positions first..last: its
 * runs of whole-zero blocks become EOB runs (`eob_run` carries the open run from block to block). */
typedef struct {
    int first, last;
    uint32_t eob_run;
    cio_symbol_counts counts;
} cio_band_counts;

/* A block's nonzero coefficients in zigzag order: what the band counts walk. */
typedef struct {
    int count;
    uint8_t position[64];         /* zigzag positions 1...63, rising */
    int16_t value[64];
} cio_block_nonzeros;

void cio_block_nonzeros_of(const JCOEF *block, cio_block_nonzeros *nonzeros);
void cio_count_band(const cio_block_nonzeros *nonzeros, cio_band_counts *band);

/* A sequential scan's AC symbols for one block (ZRLs, run/size, an EOB unless position 63 is nonzero). */
void cio_count_sequential_ac(const cio_block_nonzeros *nonzeros, cio_symbol_counts *counts);
/* Closes the open EOB run at the end of the scan. */
void cio_count_band_end(cio_band_counts *band);

#endif
