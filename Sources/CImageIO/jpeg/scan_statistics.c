/* Symbol counts as libjpeg's entropy coders emit them (jchuff.c for sequential, jcphuff.c for the
 * first progressive AC scans). */
#include "jpeg/scan_statistics.h"
#include "jpeg/jpeg_block.h"

enum { EOB = 0x00, ZRL = 0xF0, MAX_EOB_RUN = 0x7FFF };

void cio_count_dc(JCOEF *const *blocks, size_t count, cio_symbol_counts *counts) {
    int previous = 0;
    for (size_t i = 0; i < count; i++) {
        const int bits = cio_bit_category(blocks[i][0] - previous);
        counts->counts[bits]++;
        counts->extra_bits += (uint64_t)bits;
        previous = blocks[i][0];
    }
}

static void emit_eob_run(cio_band_counts *band) {
    if (band->eob_run == 0) return;
    const int bits = cio_bit_category((int)band->eob_run) - 1;
    band->counts.counts[bits << 4]++;
    band->counts.extra_bits += (uint64_t)bits;
    band->eob_run = 0;
}

void cio_block_nonzeros_of(const JCOEF *block, cio_block_nonzeros *nonzeros) {
    int n = 0;
    for (int k = 1; k < 64; k++) {
        const int value = block[cio_zigzag[k]];
        if (value != 0) {
            nonzeros->position[n] = (uint8_t)k;
            nonzeros->value[n++] = (int16_t)value;
        }
    }
    nonzeros->count = n;
}

void cio_count_band(const cio_block_nonzeros *nonzeros, cio_band_counts *band) {
    int previous = band->first - 1;
    for (int i = 0; i < nonzeros->count; i++) {
        const int k = nonzeros->position[i];
        if (k < band->first) continue;
        if (k > band->last) break;
        emit_eob_run(band);
        int run = k - previous - 1;
        while (run > 15) {
            band->counts.counts[ZRL]++;
            run -= 16;
        }
        const int bits = cio_bit_category(nonzeros->value[i]);
        band->counts.counts[(run << 4) | bits]++;
        band->counts.extra_bits += (uint64_t)bits;
        previous = k;
    }
    if (previous < band->last && ++band->eob_run == MAX_EOB_RUN) emit_eob_run(band);
}

void cio_count_band_end(cio_band_counts *band) {
    emit_eob_run(band);
}

void cio_count_sequential_ac(const cio_block_nonzeros *nonzeros, cio_symbol_counts *counts) {
    int previous = 0;
    for (int i = 0; i < nonzeros->count; i++) {
        const int k = nonzeros->position[i];
        int run = k - previous - 1;
        while (run > 15) {
            counts->counts[ZRL]++;
            run -= 16;
        }
        const int bits = cio_bit_category(nonzeros->value[i]);
        counts->counts[(run << 4) | bits]++;
        counts->extra_bits += (uint64_t)bits;
        previous = k;
    }
    if (previous < 63) counts->counts[EOB]++;
}
