/* The passes of the trellis encoder over the blocks. The first pass, on every other MCU row (rows
 * are alike enough for statistics), quantises under libjpeg's standard Huffman tables; the second
 * quantises every block under the optimal tables of the first pass's symbols, so the rate the
 * trellis weighs is close to the rate of the file written. */
#include "jpeg/jpeg_trellis_encode.h"
#include "jpeg/coefficient_image.h"
#include "jpeg/forward_dct.h"
#include "jpeg/quant_tables.h"
#include "jpeg/scan_statistics.h"
#include "jpeg/trellis_quantise.h"
#include "jpeg/ycc_planes.h"
#include <string.h>

enum { STATISTICS_ROW_STEP = 2 };

/* Code lengths by table class (0 luma, 1 chroma). */
typedef struct {
    cio_huffman_lengths dc[2], ac[2];
} rate_model;

typedef struct {
    j_compress_ptr cinfo;
    cio_plane planes[3];
    cio_coefficient_image image;
    uint16_t quant[2][64];
    cio_dc_choice *choices[3];    /* per block, row by row */
    JCOEF **order;                /* scratch for the coding order of the largest component */
    uint32_t *positions;
    cio_dc_choice *ordered_choices;
    uint8_t *backtrack;
} trellis_encoder;

static void *allocate(j_compress_ptr cinfo, size_t size) {
    return (*cinfo->mem->alloc_large)((j_common_ptr)cinfo, JPOOL_IMAGE, size > 0 ? size : 1);
}

/* Block (bx, by) of `plane`, level-shifted; past the plane's edge its last column and row repeat. */
static void load_block(const cio_plane *plane, uint32_t bx, uint32_t by, float block[64]) {
    const uint32_t x0 = bx * 8, y0 = by * 8;
    const int inside = x0 + 8 <= plane->width && y0 + 8 <= plane->height;
    for (uint32_t r = 0; r < 8; r++) {
        const uint32_t y = y0 + r < plane->height ? y0 + r : plane->height - 1;
        const uint8_t *row = plane->samples + (size_t)y * plane->stride;
        if (inside) {
            for (uint32_t c = 0; c < 8; c++) block[8 * r + c] = (float)row[x0 + c] - 128.0f;
        } else {
            for (uint32_t c = 0; c < 8; c++) {
                const uint32_t x = x0 + c < plane->width ? x0 + c : plane->width - 1;
                block[8 * r + c] = (float)row[x] - 128.0f;
            }
        }
    }
}

/* Quantises component c's blocks on MCU rows 0, step, ...: AC by trellis, then DC along the coding order. */
static void quantise_component(trellis_encoder *encoder, int c, uint32_t step, const rate_model *rates) {
    const cio_coefficient_component *component = &encoder->image.components[c];
    const int table = component->table;
    const uint32_t rows_per_mcu = encoder->image.count == 1 ? 1 : (uint32_t)component->v_samp;
    float block[64];
    for (uint32_t mcu_row = 0; mcu_row < encoder->image.mcu_rows; mcu_row += step) {
        for (uint32_t by = mcu_row * rows_per_mcu;
             by < (mcu_row + 1) * rows_per_mcu && by < component->height_in_blocks; by++) {
            for (uint32_t bx = 0; bx < component->width_in_blocks; bx++) {
                load_block(&encoder->planes[c], bx, by, block);
                cio_forward_dct(block);
                cio_trellis_quantise_block(block, encoder->quant[table], &rates->ac[table], component->rows[by][bx],
                                           &encoder->choices[c][(size_t)by * component->width_in_blocks + bx]);
            }
        }
    }
    const size_t n = cio_coefficient_coding_order(&encoder->image, c, step, encoder->order, encoder->positions);
    for (size_t i = 0; i < n; i++) encoder->ordered_choices[i] = encoder->choices[c][encoder->positions[i]];
    cio_trellis_choose_dc(encoder->order, encoder->ordered_choices, n, &rates->dc[table], encoder->backtrack);
}

/* The optimal code lengths of the symbols the blocks on MCU rows 0, step, ... code sequentially. */
static rate_model measured_rates(trellis_encoder *encoder, uint32_t step) {
    cio_symbol_counts dc[2], ac[2];
    memset(dc, 0, sizeof dc);
    memset(ac, 0, sizeof ac);
    for (int c = 0; c < encoder->image.count; c++) {
        const int table = encoder->image.components[c].table;
        const size_t n = cio_coefficient_coding_order(&encoder->image, c, step, encoder->order, NULL);
        cio_block_nonzeros nonzeros;
        for (size_t i = 0; i < n; i++) {
            cio_block_nonzeros_of(encoder->order[i], &nonzeros);
            cio_count_sequential_ac(&nonzeros, &ac[table]);
        }
        cio_count_dc(encoder->order, n, &dc[table]);
    }
    rate_model rates;
    for (int t = 0; t < 2; t++) {
        cio_huffman_optimal_lengths(dc[t].counts, &rates.dc[t]);
        cio_huffman_optimal_lengths(ac[t].counts, &rates.ac[t]);
        cio_huffman_lengths_fill_absent(&rates.dc[t]);
        cio_huffman_lengths_fill_absent(&rates.ac[t]);
    }
    return rates;
}

/* libjpeg's standard tables (set by jpeg_set_defaults). */
static rate_model standard_rates(j_compress_ptr cinfo) {
    rate_model rates;
    for (int t = 0; t < 2; t++) {
        rates.dc[t] = cio_huffman_lengths_of_table(cinfo->dc_huff_tbl_ptrs[t]);
        rates.ac[t] = cio_huffman_lengths_of_table(cinfo->ac_huff_tbl_ptrs[t]);
        cio_huffman_lengths_fill_absent(&rates.dc[t]);
        cio_huffman_lengths_fill_absent(&rates.ac[t]);
    }
    return rates;
}

static uint32_t divide_up(uint32_t a, uint32_t b) {
    return (uint32_t)(((uint64_t)a + b - 1) / b);
}

/* Lays out the components as libjpeg will (jcmaster.c's initial setup) and makes their coefficient arrays. */
static void make_coefficients(trellis_encoder *encoder, jvirt_barray_ptr *arrays) {
    j_compress_ptr cinfo = encoder->cinfo;
    cio_coefficient_image *image = &encoder->image;
    int max_h = 1, max_v = 1;
    for (int c = 0; c < image->count; c++) {
        if (cinfo->comp_info[c].h_samp_factor > max_h) max_h = cinfo->comp_info[c].h_samp_factor;
        if (cinfo->comp_info[c].v_samp_factor > max_v) max_v = cinfo->comp_info[c].v_samp_factor;
    }
    size_t largest = 0;
    for (int c = 0; c < image->count; c++) {
        cio_coefficient_component *component = &image->components[c];
        component->h_samp = cinfo->comp_info[c].h_samp_factor;
        component->v_samp = cinfo->comp_info[c].v_samp_factor;
        component->table = cinfo->comp_info[c].quant_tbl_no;
        component->width_in_blocks = divide_up(cinfo->image_width * (uint32_t)component->h_samp, (uint32_t)max_h * 8);
        component->height_in_blocks = divide_up(cinfo->image_height * (uint32_t)component->v_samp, (uint32_t)max_v * 8);
        const uint32_t columns = divide_up(component->width_in_blocks, (uint32_t)component->h_samp) * (uint32_t)component->h_samp;
        const uint32_t rows = divide_up(component->height_in_blocks, (uint32_t)component->v_samp) * (uint32_t)component->v_samp;
        arrays[c] = (*cinfo->mem->request_virt_barray)((j_common_ptr)cinfo, JPOOL_IMAGE, TRUE, columns, rows, rows);
        const size_t blocks = cio_coefficient_blocks(image, c);
        encoder->choices[c] = allocate(cinfo, blocks * sizeof(cio_dc_choice));
        if (blocks > largest) largest = blocks;
    }
    image->mcu_columns = image->count == 1 ? image->components[0].width_in_blocks : divide_up(cinfo->image_width, (uint32_t)max_h * 8);
    image->mcu_rows = image->count == 1 ? image->components[0].height_in_blocks : divide_up(cinfo->image_height, (uint32_t)max_v * 8);
    (*cinfo->mem->realize_virt_arrays)((j_common_ptr)cinfo);
    for (int c = 0; c < image->count; c++) {
        const uint32_t rows = divide_up(image->components[c].height_in_blocks, (uint32_t)image->components[c].v_samp) *
                              (uint32_t)image->components[c].v_samp;
        image->components[c].rows = (*cinfo->mem->access_virt_barray)((j_common_ptr)cinfo, arrays[c], 0, rows, TRUE);
    }
    encoder->order = allocate(cinfo, largest * sizeof(JCOEF *));
    encoder->positions = allocate(cinfo, largest * sizeof(uint32_t));
    encoder->ordered_choices = allocate(cinfo, largest * sizeof(cio_dc_choice));
    encoder->backtrack = allocate(cinfo, largest * CIO_DC_CANDIDATES);
}

void cio_jpeg_start_trellis(j_compress_ptr cinfo, const cio_image *image, int quality, cio_scan_mode mode) {
    trellis_encoder encoder;
    memset(&encoder, 0, sizeof encoder);
    encoder.cinfo = cinfo;
    cio_set_perceptual_quant_tables(cinfo, quality);
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < 64; i++) encoder.quant[t][i] = cinfo->quant_tbl_ptrs[t]->quantval[i];
    }
    const int subsampled = cinfo->num_components == 3 && cinfo->comp_info[0].h_samp_factor == 2;
    encoder.image.count = cio_ycc_planes_make(cinfo, image, subsampled, encoder.planes);
    /* libjpeg keeps this pointer until jpeg_finish_compress: it lives in the image pool, not here. */
    jvirt_barray_ptr *arrays = allocate(cinfo, 3 * sizeof(jvirt_barray_ptr));
    make_coefficients(&encoder, arrays);

    const rate_model standard = standard_rates(cinfo);
    const uint32_t step = encoder.image.mcu_rows >= 2 * STATISTICS_ROW_STEP ? STATISTICS_ROW_STEP : 1;
    for (int c = 0; c < encoder.image.count; c++) quantise_component(&encoder, c, step, &standard);
    const rate_model measured = measured_rates(&encoder, step);
    for (int c = 0; c < encoder.image.count; c++) quantise_component(&encoder, c, 1, &measured);

    cio_choose_scans(cinfo, &encoder.image, mode);
    cinfo->optimize_coding = TRUE;
    jpeg_write_coefficients(cinfo, arrays);
}
