/* Progressive scripts here: one DC scan of all components, then each component's AC either in one
 * scan (1-63) or split in two at a frequency (1-k, k+1-63, k among SPLITS), each component choosing
 * its split by size, as mozjpeg's scan optimisation does (without successive approximation). The
 * estimates count what libjpeg writes: each progressive AC scan has its own optimal table, the
 * sequential scan one AC table per table class; the DC scan is the same in both and left out. */
#include "jpeg/scan_choice.h"
#include "jpeg/scan_statistics.h"
#include <string.h>

enum {
    SPLIT_COUNT = 3,
    BANDS = 1 + 2 * SPLIT_COUNT,  /* 1-63, then 1-k and k+1-63 for each split */
    SCAN_HEADER_BITS = 8 * 10,    /* SOS with one component, and the byte padding at its end */
    MAX_SCANS = 1 + 3 * 2,
};

static const int SPLITS[SPLIT_COUNT] = {2, 5, 9};

typedef struct {
    uint64_t bits;
    int split;                    /* 0: one scan 1-63 */
} band_plan;

/* The cheapest way to code component c's AC progressively. */
static band_plan best_bands(const cio_coefficient_image *image, int c, cio_symbol_counts *sequential) {
    cio_band_counts local[BANDS];
    memset(local, 0, sizeof local);
    local[0].first = 1;
    local[0].last = 63;
    for (int s = 0; s < SPLIT_COUNT; s++) {
        local[1 + 2 * s] = (cio_band_counts){.first = 1, .last = SPLITS[s]};
        local[2 + 2 * s] = (cio_band_counts){.first = SPLITS[s] + 1, .last = 63};
    }
    const cio_coefficient_component *component = &image->components[c];
    cio_block_nonzeros nonzeros;
    for (uint32_t y = 0; y < component->height_in_blocks; y++) {
        for (uint32_t x = 0; x < component->width_in_blocks; x++) {
            const JCOEF *block = component->rows[y][x];
            cio_block_nonzeros_of(block, &nonzeros);
            for (int b = 0; b < BANDS; b++) cio_count_band(&nonzeros, &local[b]);
            cio_count_sequential_ac(&nonzeros, sequential);
        }
    }
    uint64_t bits[BANDS];
    for (int b = 0; b < BANDS; b++) {
        cio_count_band_end(&local[b]);
        bits[b] = cio_huffman_coded_bits(local[b].counts.counts, local[b].counts.extra_bits) + SCAN_HEADER_BITS;
    }
    band_plan best = {bits[0], 0};
    for (int s = 0; s < SPLIT_COUNT; s++) {
        const uint64_t total = bits[1 + 2 * s] + bits[2 + 2 * s];
        if (total < best.bits) best = (band_plan){total, SPLITS[s]};
    }
    return best;
}

static jpeg_scan_info scan(int component, int first, int last) {
    jpeg_scan_info info;
    memset(&info, 0, sizeof info);
    info.comps_in_scan = 1;
    info.component_index[0] = component;
    info.Ss = first;
    info.Se = last;
    return info;
}

cio_scan_estimate cio_choose_scans(j_compress_ptr cinfo, const cio_coefficient_image *image, cio_scan_mode mode) {
    cio_symbol_counts sequential[2];
    memset(sequential, 0, sizeof sequential);
    band_plan plans[3];
    cio_scan_estimate estimate = {SCAN_HEADER_BITS, SCAN_HEADER_BITS};   /* the DC scan's header */
    for (int c = 0; c < image->count; c++) {
        plans[c] = best_bands(image, c, &sequential[image->components[c].table]);
        estimate.progressive_bits += plans[c].bits;
    }
    for (int t = 0; t < 2; t++) {
        estimate.sequential_bits += cio_huffman_coded_bits(sequential[t].counts, sequential[t].extra_bits);
    }
    cinfo->scan_info = NULL;
    cinfo->num_scans = 0;
    if (mode == CIO_SCANS_SEQUENTIAL ||
        (mode == CIO_SCANS_BY_SIZE && estimate.sequential_bits <= estimate.progressive_bits)) {
        return estimate;
    }

    jpeg_scan_info *scans = (*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_IMAGE, MAX_SCANS * sizeof *scans);
    int n = 0;
    memset(&scans[0], 0, sizeof scans[0]);
    scans[0].comps_in_scan = image->count;
    for (int c = 0; c < image->count; c++) scans[0].component_index[c] = c;
    n = 1;
    for (int c = 0; c < image->count; c++) scans[n++] = scan(c, 1, plans[c].split == 0 ? 63 : plans[c].split);
    for (int c = 0; c < image->count; c++) {
        if (plans[c].split != 0) scans[n++] = scan(c, plans[c].split + 1, 63);
    }
    cinfo->scan_info = scans;
    cinfo->num_scans = n;
    return estimate;
}
