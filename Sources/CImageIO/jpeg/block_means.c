/* The block means of a JPEG, taken from the DC coefficients libjpeg hands its inverse transforms. */
#include "jpeg/block_means.h"
#include <jpegint.h>
#include <stdlib.h>

int cio_block_means_supported(j_decompress_ptr cinfo) {
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: return cinfo->num_components == 1;
    case JCS_YCbCr:
    case JCS_RGB: return cinfo->num_components == 3;
    default: return 0;
    }
}

/* An 8x8 block's mean is its dequantised DC coefficient / 8 + 128, rounded and clamped as libjpeg's
 * 1x1 inverse transform (jidctred.c) rounds and clamps it. */
static uint8_t block_mean(JCOEFPTR block, const jpeg_component_info *component) {
    const long dc = (long)block[0] * (long)component->quant_table->quantval[0];
    const long mean = ((dc + 4) >> 3) + 128;
    return (uint8_t)(mean < 0 ? 0 : mean > 255 ? 255 : mean);
}

/* Sits in place of a component's inverse transform: notes the block's mean, then transforms it.
 * libjpeg hands a component's blocks of one iMCU row with `rows` pointing DCT_scaled_size rows per
 * block row further into the row pointers it gave for the first block row; `column` is the block's
 * first output column. */
static void record_block(j_decompress_ptr cinfo, jpeg_component_info *component, JCOEFPTR block, JSAMPARRAY rows,
                         JDIMENSION column) {
    cio_block_means *means = cinfo->client_data;
    const int ci = component->component_index;
    if (rows != means->last_rows[ci] || means->imcu_row[ci] != cinfo->output_iMCU_row) {
        if (means->imcu_row[ci] != cinfo->output_iMCU_row || means->base[ci] == NULL) {
            means->imcu_row[ci] = cinfo->output_iMCU_row;
            means->base[ci] = rows;
        }
        const JDIMENSION block_row = cinfo->output_iMCU_row * (JDIMENSION)component->v_samp_factor +
                                     (JDIMENSION)((rows - means->base[ci]) >> means->column_shift[ci]);
        means->last_rows[ci] = rows;
        means->row[ci] = block_row < means->height_in_blocks[ci]
                             ? means->planes[ci] + (size_t)block_row * means->width_in_blocks[ci] : NULL;
    }
    const JDIMENSION block_column = column >> means->column_shift[ci];
    if (means->row[ci] != NULL && block_column < means->width_in_blocks[ci]) {
        means->row[ci][block_column] = block_mean(block, component);
    }
    means->inverse_dct[ci](cinfo, component, block, rows, column);
}

cio_status cio_block_means_start(cio_block_means *means, j_decompress_ptr cinfo, cio_message *message) {
    means->components = cinfo->num_components;
    means->colour_space = cinfo->jpeg_color_space;
    means->image_width = cinfo->image_width;
    means->image_height = cinfo->image_height;
    means->max_h_samp = cinfo->max_h_samp_factor;
    means->max_v_samp = cinfo->max_v_samp_factor;
    for (int ci = 0; ci < cinfo->num_components; ci++) {
        const jpeg_component_info *component = &cinfo->comp_info[ci];
        means->width_in_blocks[ci] = component->width_in_blocks;
        means->height_in_blocks[ci] = component->height_in_blocks;
        means->h_samp[ci] = component->h_samp_factor;
        means->v_samp[ci] = component->v_samp_factor;
        /* calloc: blocks a damaged file never reaches read as mean 0, the same in every decode */
        means->planes[ci] = calloc((size_t)component->width_in_blocks, (size_t)component->height_in_blocks);
        if (means->planes[ci] == NULL) {
            cio_set_message(message, "out of memory for a JPEG's block means");
            return CIO_OUT_OF_MEMORY;
        }
        means->base[ci] = NULL;
        means->last_rows[ci] = NULL;
        int shift = 0;   /* DCT_scaled_size is 1, 2, 4 or 8 (libjpeg's scales M/8 come with its version 7 API) */
        while ((1 << shift) < component->DCT_scaled_size) shift++;
        means->column_shift[ci] = shift;
        means->inverse_dct[ci] = cinfo->idct->inverse_DCT[ci];
        cinfo->idct->inverse_DCT[ci] = record_block;
    }
    cinfo->client_data = means;
    return CIO_OK;
}

static uint8_t clamped(int value) { return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value); }

cio_status cio_block_means_image(const cio_block_means *means, uint8_t *pixels, size_t capacity,
                                 uint32_t *width, uint32_t *height, cio_layout *layout, cio_message *message) {
    const uint32_t w = (means->image_width + 7) / 8, h = (means->image_height + 7) / 8;
    const int grey = means->components == 1;
    const size_t channels = grey ? 1 : 3;
    if (capacity < (size_t)w * h * channels) {
        cio_set_message(message, "a %ux%u block-means image needs %zu bytes", w, h, (size_t)w * h * channels);
        return CIO_INVALID_ARGUMENT;
    }
    *width = w;
    *height = h;
    *layout = grey ? CIO_GRAY8 : CIO_RGB8;
    /* the block of each component under each luma-grid column */
    JDIMENSION *columns = malloc(sizeof(JDIMENSION) * w * (size_t)means->components);
    if (columns == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    for (int ci = 0; ci < means->components; ci++) {
        for (uint32_t x = 0; x < w; x++) {
            const JDIMENSION bx = x * (JDIMENSION)means->h_samp[ci] / (JDIMENSION)means->max_h_samp;
            columns[(size_t)ci * w + x] = bx < means->width_in_blocks[ci] ? bx : means->width_in_blocks[ci] - 1;
        }
    }
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *plane_row[3];
        for (int ci = 0; ci < means->components; ci++) {
            JDIMENSION by = y * (JDIMENSION)means->v_samp[ci] / (JDIMENSION)means->max_v_samp;
            if (by >= means->height_in_blocks[ci]) by = means->height_in_blocks[ci] - 1;
            plane_row[ci] = means->planes[ci] + (size_t)by * means->width_in_blocks[ci];
        }
        uint8_t *out = pixels + (size_t)y * w * channels;
        if (grey) {
            for (uint32_t x = 0; x < w; x++) out[x] = plane_row[0][columns[x]];
            continue;
        }
        const JDIMENSION *c0 = columns, *c1 = columns + w, *c2 = columns + 2 * (size_t)w;
        if (means->colour_space == JCS_RGB) {
            for (uint32_t x = 0; x < w; x++, out += 3) {
                out[0] = plane_row[0][c0[x]];
                out[1] = plane_row[1][c1[x]];
                out[2] = plane_row[2][c2[x]];
            }
            continue;
        }
        for (uint32_t x = 0; x < w; x++, out += 3) {
            /* JFIF: R = Y + 1.402 Cr', G = Y - 0.344136 Cb' - 0.714136 Cr', B = Y + 1.772 Cb' (16-bit
             * fixed point, as libjpeg's tables round them) */
            const int luma = plane_row[0][c0[x]] << 16, cb = plane_row[1][c1[x]] - 128, cr = plane_row[2][c2[x]] - 128;
            out[0] = clamped((luma + 91881 * cr + 32768) >> 16);
            out[1] = clamped((luma - 22554 * cb - 46802 * cr + 32768) >> 16);
            out[2] = clamped((luma + 116130 * cb + 32768) >> 16);
        }
    }
    free(columns);
    return CIO_OK;
}

void cio_block_means_free(cio_block_means *means) {
    for (int ci = 0; ci < MAX_COMPONENTS; ci++) {
        free(means->planes[ci]);
        means->planes[ci] = NULL;
    }
}
