/* Each 8x8 block's mean (its DC coefficient) of a JPEG's components, recorded as libjpeg's inverse
 * transforms read them, and the small image they make. */
#ifndef CIMAGEIO_JPEG_BLOCK_MEANS_H
#define CIMAGEIO_JPEG_BLOCK_MEANS_H

#include "internal.h"
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
    uint8_t *planes[MAX_COMPONENTS];        /* a component's block means, width_in_blocks per row */
    JDIMENSION imcu_row[MAX_COMPONENTS];    /* the iMCU row whose first block row is at base[ci] */
    JSAMPARRAY base[MAX_COMPONENTS];
    JSAMPARRAY last_rows[MAX_COMPONENTS];   /* the rows of the block row `row[ci]` points into */
    uint8_t *row[MAX_COMPONENTS];           /* that block row's means; NULL when outside the plane */
    int column_shift[MAX_COMPONENTS];       /* log2 of the component's DCT_scaled_size */
    void (*inverse_dct[MAX_COMPONENTS])(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
    /* the geometry, kept: libjpeg frees its component list when the decode finishes */
    JDIMENSION width_in_blocks[MAX_COMPONENTS], height_in_blocks[MAX_COMPONENTS];
    int h_samp[MAX_COMPONENTS], v_samp[MAX_COMPONENTS], max_h_samp, max_v_samp;
    JDIMENSION image_width, image_height;
    int components;
    J_COLOR_SPACE colour_space;
} cio_block_means;

/* Whether `cinfo` (its header read) has block means that make an image: grey, YCbCr or RGB. */
int cio_block_means_supported(j_decompress_ptr cinfo);

/* Records every block's mean from now on: call after jpeg_start_decompress (which chose the inverse
 * transforms) and before the first row, on a decode with no column crop. `means` must stay where it
 * is while libjpeg runs; cinfo->client_data points to it. Fails with CIO_OUT_OF_MEMORY. */
cio_status cio_block_means_start(cio_block_means *means, j_decompress_ptr cinfo, cio_message *message);

/* The image of the block means, one pixel a luma block ((image_width + 7) / 8 x (image_height + 7) / 8,
 * grey or RGB): a subsampled component's mean repeated over the blocks it covers, YCbCr turned into
 * RGB by the JFIF formulas. CIO_INVALID_ARGUMENT if `capacity` is too small. Valid once the decode is
 * finished, or destroyed. */
cio_status cio_block_means_image(const cio_block_means *means, uint8_t *pixels, size_t capacity,
                                 uint32_t *width, uint32_t *height, cio_layout *layout, cio_message *message);

void cio_block_means_free(cio_block_means *means);

#endif
