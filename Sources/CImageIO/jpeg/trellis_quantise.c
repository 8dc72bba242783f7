/* The trellis quantiser. Costs are in bits: rate is the Huffman code plus magnitude bits of each
 * run/size symbol (with ZRLs and the EOB), distortion is lambda * 64 * ((value * Q - F) / Q)^2 with
 * mozjpeg's lambda 2^14.75 / (2^16.5 + mean square of the block's AC coefficients, x 64): busy
 * blocks, where errors hide, trade more distortion for bits. */
#include "jpeg/trellis_quantise.h"
#include "jpeg/jpeg_block.h"
#include <float.h>

enum {
    LOOKBACK = 4,                 /* earlier nonzero coefficients a run may start after (plus the DC) */
    EOB = 0x00, ZRL = 0xF0,
};

static const float LAMBDA_SCALE = 41331.0f;      /* 1.5 x 2^14.75 */
static const float LAMBDA_OFFSET = 92681.9f;     /* 2^16.5 */

static inline int round_magnitude(float x, float q) {
    int value = (int)(x / q + 0.5f);
    return value > CIO_MAX_AC ? CIO_MAX_AC : value;
}

void cio_trellis_quantise_block(const float coefficients[64], const uint16_t quant[64], const cio_huffman_lengths *ac,
                                int16_t out[64], cio_dc_choice *dc) {
    const uint8_t *rate = ac->lengths;
    /* In zigzag order: |F| and its step. */
    float magnitude[64], step[64];
    float energy = 0;
    for (int i = 1; i < 64; i++) {
        const int z = cio_zigzag[i];
        magnitude[i] = coefficients[z] < 0 ? -coefficients[z] : coefficients[z];
        step[i] = quant[z];
        energy += magnitude[i] * magnitude[i];
    }
    const float lambda = 64.0f * LAMBDA_SCALE / (LAMBDA_OFFSET + energy * (64.0f / 63.0f));

    /* zero_cost[i]: the distortion of zeroing zigzag positions 1..i; cost[i]: the best cost of
     * coding 1..i with position i nonzero (its value value[i], its run starting after start[i]). */
    float zero_cost[64], cost[64];
    int16_t value[64];
    uint8_t start[64], nonzero[64];
    int nonzeros = 0;
    zero_cost[0] = 0;
    cost[0] = 0;
    for (int i = 1; i < 64; i++) {
        const float x = magnitude[i], q = step[i];
        const float weight = lambda / (q * q);
        zero_cost[i] = zero_cost[i - 1] + weight * x * x;
        if (x < 0.5f * q) continue;
        const int nearest = round_magnitude(x, q);

        /* The nearest value and the largest of one category less (one magnitude bit fewer). */
        int candidates[2], bits[2], n = 1;
        candidates[0] = nearest;
        bits[0] = cio_bit_category(nearest);
        if (bits[0] > 1) {
            candidates[1] = (1 << (bits[0] - 1)) - 1;
            bits[1] = bits[0] - 1;
            n = 2;
        }
        float distortion[2];
        for (int k = 0; k < n; k++) {
            float error = (float)candidates[k] * q - x;
            distortion[k] = weight * error * error;
        }
        float best = FLT_MAX;
        int best_value = 0, best_start = 0;
        const int first = nonzeros > LOOKBACK ? nonzeros - LOOKBACK : 0;
        for (int p = first - 1; p < nonzeros; p++) {
            const int j = p < first ? 0 : nonzero[p];   /* first - 1: the run from the DC */
            int run = i - 1 - j;
            const float before = cost[j] + zero_cost[i - 1] - zero_cost[j] + (float)((run >> 4) * rate[ZRL]);
            run &= 15;
            for (int k = 0; k < n; k++) {
                const float total = before + (float)(rate[(run << 4) | bits[k]] + bits[k]) + distortion[k];
                if (total < best) {
                    best = total;
                    best_value = candidates[k];
                    best_start = j;
                }
            }
        }
        cost[i] = best;
        value[i] = (int16_t)(coefficients[cio_zigzag[i]] < 0 ? -best_value : best_value);
        start[i] = (uint8_t)best_start;
        nonzero[nonzeros++] = (uint8_t)i;
    }

    /* The last nonzero coefficient: after it, the rest is zeroed and an EOB ends the block. */
    float best = zero_cost[63] + rate[EOB];
    int last = 0;
    for (int p = 0; p < nonzeros; p++) {
        const int i = nonzero[p];
        const float total = cost[i] + zero_cost[63] - zero_cost[i] + (i < 63 ? rate[EOB] : 0);
        if (total < best) {
            best = total;
            last = i;
        }
    }
    for (int i = 1; i < 64; i++) out[i] = 0;
    for (int i = last; i > 0; i = start[i]) out[cio_zigzag[i]] = value[i];

    const float q0 = quant[0], x0 = coefficients[0];
    const int nearest = (int)(x0 / q0 + (x0 < 0 ? -0.5f : 0.5f));
    out[0] = (int16_t)nearest;
    dc->nearest = (int16_t)nearest;
    for (int k = 0; k < CIO_DC_CANDIDATES; k++) {
        float error = (float)(nearest - 1 + k) * q0 - x0;
        dc->distortion[k] = lambda / (q0 * q0) * error * error;
    }
}

void cio_trellis_choose_dc(int16_t *const *blocks, const cio_dc_choice *choices, size_t count,
                           const cio_huffman_lengths *dc, uint8_t *scratch) {
    if (count == 0) return;
    float cost[CIO_DC_CANDIDATES], next[CIO_DC_CANDIDATES];
    for (int k = 0; k < CIO_DC_CANDIDATES; k++) {
        int value = choices[0].nearest - 1 + k, bits = cio_bit_category(value);
        cost[k] = (float)(dc->lengths[bits] + bits) + choices[0].distortion[k];
        if (value > CIO_MAX_DC || value < -CIO_MAX_DC) cost[k] = FLT_MAX;
    }
    for (size_t b = 1; b < count; b++) {
        for (int k = 0; k < CIO_DC_CANDIDATES; k++) {
            const int value = choices[b].nearest - 1 + k;
            float best = FLT_MAX;
            uint8_t from = 1;
            for (int l = 0; l < CIO_DC_CANDIDATES; l++) {
                if (cost[l] == FLT_MAX) continue;
                const int bits = cio_bit_category(value - (choices[b - 1].nearest - 1 + l));
                const float total = cost[l] + (float)(dc->lengths[bits] + bits);
                if (total < best) {
                    best = total;
                    from = (uint8_t)l;
                }
            }
            next[k] = value > CIO_MAX_DC || value < -CIO_MAX_DC || best == FLT_MAX ? FLT_MAX
                                                                                   : best + choices[b].distortion[k];
            scratch[b * CIO_DC_CANDIDATES + (size_t)k] = from;
        }
        for (int k = 0; k < CIO_DC_CANDIDATES; k++) cost[k] = next[k];
    }
    int k = 1;
    for (int l = 0; l < CIO_DC_CANDIDATES; l++) {
        if (cost[l] < cost[k]) k = l;
    }
    for (size_t b = count; b-- > 0;) {
        blocks[b][0] = (int16_t)(choices[b].nearest - 1 + k);
        if (b > 0) k = scratch[b * CIO_DC_CANDIDATES + (size_t)k];
    }
}
