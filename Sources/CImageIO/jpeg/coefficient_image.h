/* The quantised coefficients of a JPEG being written, by component, and the order scans code them. */
#ifndef CIMAGEIO_COEFFICIENT_IMAGE_H
#define CIMAGEIO_COEFFICIENT_IMAGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
    JBLOCKARRAY rows;             /* height_in_blocks rows of width_in_blocks blocks, each row by row */
    uint32_t width_in_blocks, height_in_blocks;
    int h_samp, v_samp;
    int table;                    /* 0: the luma quantisation and Huffman tables, 1: chroma */
} cio_coefficient_component;

typedef struct {
    int count;                    /* 1 (grey) or 3 (YCbCr) */
    cio_coefficient_component components[3];
    uint32_t mcu_columns, mcu_rows;   /* of the interleaved scan; for one component, the block grid */
} cio_coefficient_image;

/* The blocks of component `c` in the order a scan of all components (one component: its own scan)
 * codes them, on MCU rows 0, step, 2 step, ...: `order` gets pointers to them, `positions` (may be
 * NULL) their index row * width_in_blocks + column. Returns how many; the dummy blocks that pad an
 * interleaved MCU past the edge are not listed (their DC repeats the previous block's: no cost). */
size_t cio_coefficient_coding_order(const cio_coefficient_image *image, int c, uint32_t step, JCOEF **order,
                                    uint32_t *positions);

/* The number of blocks cio_coefficient_coding_order lists at `step` (an upper bound of it). */
size_t cio_coefficient_blocks(const cio_coefficient_image *image, int c);

#endif
