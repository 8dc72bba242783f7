/* cio_quantize: median cut over a 5-bit-per-channel histogram, then Floyd-Steinberg dithering to the
 * palette (nearest colours cached per 6-bit cell of the dithered target). */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

enum { BINS = 32768, CACHE = 262144 };

typedef struct { uint64_t count, sum[3]; } bin_stats;
typedef struct { uint32_t start, end; uint64_t count; int axis, extent; } color_box;

static int bin_channel(uint16_t bin, int axis) { return (bin >> (10 - 5 * axis)) & 31; }

/* The box's longest side (in 5-bit steps) and its population. */
static void measure(color_box *box, const uint16_t *order, const bin_stats *bins) {
    int low[3] = {31, 31, 31}, high[3] = {0, 0, 0};
    box->count = 0;
    for (uint32_t i = box->start; i < box->end; i++) {
        box->count += bins[order[i]].count;
        for (int a = 0; a < 3; a++) {
            const int v = bin_channel(order[i], a);
            if (v < low[a]) low[a] = v;
            if (v > high[a]) high[a] = v;
        }
    }
    box->axis = 0;
    for (int a = 1; a < 3; a++) if (high[a] - low[a] > high[box->axis] - low[box->axis]) box->axis = a;
    box->extent = high[box->axis] - low[box->axis];
}

/* Orders order[start, end) by the 5-bit value on `axis` (a counting sort through `scratch`). */
static void sort_bins(uint16_t *order, uint32_t start, uint32_t end, int axis, uint16_t *scratch) {
    uint32_t first[33] = {0};
    for (uint32_t i = start; i < end; i++) first[bin_channel(order[i], axis) + 1]++;
    for (int v = 1; v <= 32; v++) first[v] += first[v - 1];
    for (uint32_t i = start; i < end; i++) scratch[first[bin_channel(order[i], axis)]++] = order[i];
    memcpy(order + start, scratch, (end - start) * sizeof *order);
}

/* Splits boxes until there are `limit` or none can split; returns the box count. */
static int median_cut(uint16_t *order, uint16_t *scratch, uint32_t used, const bin_stats *bins, color_box *boxes, int limit) {
    int count = 1;
    boxes[0] = (color_box){.start = 0, .end = used};
    measure(&boxes[0], order, bins);
    while (count < limit) {
        int best = -1;
        double best_score = 0;
        for (int i = 0; i < count; i++) {
            const double score = (double)boxes[i].extent * (double)boxes[i].count;
            if (boxes[i].end - boxes[i].start > 1 && score > best_score) {
                best = i;
                best_score = score;
            }
        }
        if (best < 0) break;
        color_box *box = &boxes[best];
        sort_bins(order, box->start, box->end, box->axis, scratch);
        uint64_t half = 0;
        uint32_t split = box->start;
        while (split < box->end - 1 && (half += bins[order[split]].count) * 2 < box->count) split++;
        split++;
        if (split >= box->end) split = box->end - 1;
        boxes[count] = (color_box){.start = split, .end = box->end};
        box->end = split;
        measure(box, order, bins);
        measure(&boxes[count], order, bins);
        count++;
    }
    return count;
}

static int nearest(const uint8_t palette[256][3], int colors, int skip, int r, int g, int b) {
    int best = 0, best_distance = 1 << 30;
    for (int i = 0; i < colors; i++) {
        if (i == skip) continue;
        const int dr = palette[i][0] - r, dg = palette[i][1] - g, db = palette[i][2] - b;
        const int distance = dr * dr * 2 + dg * dg * 4 + db * db * 3;
        if (distance < best_distance) {
            best = i;
            best_distance = distance;
        }
    }
    return best;
}

static int clamp(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

int cio_quantize(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int transparent, uint8_t palette[256][3],
                 uint8_t *indices) {
    bin_stats *bins = calloc(BINS, sizeof *bins);
    uint16_t *order = malloc(2 * BINS * sizeof *order);   /* the used bins, then scratch for sorting them */
    int16_t *cache = malloc(CACHE * sizeof *cache);
    int *errors = calloc(((size_t)width + 2) * 6, sizeof *errors);   /* this row's and the next's, 3 channels */
    int colors = 0;
    if (bins == NULL || order == NULL || cache == NULL || errors == NULL) goto done;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            if (transparent >= 0 && p[3] < 128) continue;
            bin_stats *bin = &bins[(p[0] >> 3) << 10 | (p[1] >> 3) << 5 | p[2] >> 3];
            bin->count++;
            for (int c = 0; c < 3; c++) bin->sum[c] += p[c];
        }
    }
    uint32_t used = 0;
    for (uint32_t i = 0; i < BINS; i++) if (bins[i].count > 0) order[used++] = (uint16_t)i;
    const int limit = transparent >= 0 ? 255 : 256;
    color_box boxes[256];
    const int box_count = used > 0 ? median_cut(order, order + BINS, used, bins, boxes, limit) : 0;
    for (int i = 0; i < box_count; i++) {
        uint64_t sum[3] = {0, 0, 0};
        for (uint32_t j = boxes[i].start; j < boxes[i].end; j++)
            for (int c = 0; c < 3; c++) sum[c] += bins[order[j]].sum[c];
        const int slot = transparent >= 0 && i >= transparent ? i + 1 : i;
        for (int c = 0; c < 3; c++) palette[slot][c] = (uint8_t)((sum[c] + boxes[i].count / 2) / boxes[i].count);
    }
    colors = box_count;
    if (transparent >= 0) {
        if (transparent > colors) transparent = colors;
        palette[transparent][0] = palette[transparent][1] = palette[transparent][2] = 0;
        colors++;
    }
    if (box_count == 0) {   /* nothing opaque: one black entry to point at */
        palette[0][0] = palette[0][1] = palette[0][2] = 0;
        if (colors == 0) colors = 1;
    }
    memset(cache, 0xFF, CACHE * sizeof *cache);
    int *current = errors + 3, *next = errors + ((size_t)width + 2) * 3 + 3;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        uint8_t *out = indices + (size_t)y * width;
        memset(next - 3, 0, ((size_t)width + 2) * 3 * sizeof *next);
        for (uint32_t x = 0; x < width; x++, p += 4) {
            if (transparent >= 0 && p[3] < 128) {
                out[x] = (uint8_t)transparent;
                continue;
            }
            int target[3];
            for (int c = 0; c < 3; c++) target[c] = clamp(p[c] + (current[x * 3 + c] + 8) / 16);
            const int key = (target[0] >> 2) << 12 | (target[1] >> 2) << 6 | target[2] >> 2;
            if (cache[key] < 0) cache[key] = (int16_t)nearest(palette, colors, transparent, target[0], target[1], target[2]);
            const int index = cache[key];
            out[x] = (uint8_t)index;
            for (int c = 0; c < 3; c++) {
                const int error = target[c] - palette[index][c];
                current[(x + 1) * 3 + c] += error * 7;
                next[((int)x - 1) * 3 + c] += error * 3;
                next[x * 3 + c] += error * 5;
                next[(x + 1) * 3 + c] += error;
            }
        }
        int *swap = current;
        current = next;
        next = swap;
    }
done:
    free(bins);
    free(order);
    free(cache);
    free(errors);
    return colors;
}
