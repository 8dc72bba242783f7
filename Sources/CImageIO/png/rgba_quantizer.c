/* cio_quantize_rgba: the palette of an indexed PNG. Histogram bins: an opaque pixel's 5 bits a
 * channel (32768 bins); a translucent one's alpha in 8 steps and its premultiplied colour in 4 bits a
 * channel (32768 more; a transparent pixel lands in the first of them). Bins are placed at their
 * pixels' mean premultiplied RGBA, which the median cut splits on. */
#include "png/rgba_quantizer.h"
#include <stdlib.h>
#include <string.h>

enum { OPAQUE_BINS = 32768, BINS = 65536, CACHE = 262144, EXACT_SLOTS = 1024, REFINEMENTS = 2 };

typedef struct { uint64_t count, sum[4]; } bin_stats;   /* sums of premultiplied r, g, b and of alpha */
typedef struct { uint32_t start, end; uint64_t count; int axis, extent; } colour_box;

static int premultiply(int c, int a) { return (c * a + 127) / 255; }

static int clamp(int v, int low, int high) { return v < low ? low : v > high ? high : v; }

static uint32_t bin_of(const uint8_t *p) {
    const int a = p[3];
    if (a == 255) return (uint32_t)(p[0] >> 3) << 10 | (uint32_t)(p[1] >> 3) << 5 | (uint32_t)(p[2] >> 3);
    return OPAQUE_BINS + ((uint32_t)(a >> 5) << 12 | (uint32_t)(premultiply(p[0], a) >> 4) << 8 |
                          (uint32_t)(premultiply(p[1], a) >> 4) << 4 | (uint32_t)(premultiply(p[2], a) >> 4));
}

/* The box's longest side (over its bins' means) and its population. */
static void measure(colour_box *box, const uint16_t *order, const bin_stats *bins, const uint8_t (*mean)[4]) {
    int low[4] = {255, 255, 255, 255}, high[4] = {0, 0, 0, 0};
    box->count = 0;
    for (uint32_t i = box->start; i < box->end; i++) {
        box->count += bins[order[i]].count;
        for (int a = 0; a < 4; a++) {
            const int v = mean[order[i]][a];
            if (v < low[a]) low[a] = v;
            if (v > high[a]) high[a] = v;
        }
    }
    box->axis = 0;
    for (int a = 1; a < 4; a++) if (high[a] - low[a] > high[box->axis] - low[box->axis]) box->axis = a;
    box->extent = high[box->axis] - low[box->axis];
}

/* Orders order[start, end) by the bins' mean on `axis` (a counting sort through `scratch`). */
static void sort_bins(uint16_t *order, uint32_t start, uint32_t end, int axis, const uint8_t (*mean)[4], uint16_t *scratch) {
    uint32_t first[257] = {0};
    for (uint32_t i = start; i < end; i++) first[mean[order[i]][axis] + 1]++;
    for (int v = 1; v <= 256; v++) first[v] += first[v - 1];
    for (uint32_t i = start; i < end; i++) scratch[first[mean[order[i]][axis]]++] = order[i];
    memcpy(order + start, scratch, (end - start) * sizeof *order);
}

/* Splits the box of the largest extent times population until there are `limit` boxes or none can
 * split; returns the box count. */
static int median_cut(uint16_t *order, uint16_t *scratch, uint32_t used, const bin_stats *bins, const uint8_t (*mean)[4],
                      colour_box *boxes, int limit) {
    int count = 1;
    boxes[0] = (colour_box){.start = 0, .end = used};
    measure(&boxes[0], order, bins, mean);
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
        colour_box *box = &boxes[best];
        sort_bins(order, box->start, box->end, box->axis, mean, scratch);
        uint64_t half = 0;
        uint32_t split = box->start;
        while (split < box->end - 1 && (half += bins[order[split]].count) * 2 < box->count) split++;
        split++;
        if (split >= box->end) split = box->end - 1;
        boxes[count] = (colour_box){.start = split, .end = box->end};
        box->end = split;
        measure(box, order, bins, mean);
        measure(&boxes[count], order, bins, mean);
        count++;
    }
    return count;
}

/* The entry nearest a premultiplied RGBA target, weighting green over blue over red as the eye does. */
static int nearest(const int (*entries)[4], int count, const int *t) {
    int best = 0, best_distance = 1 << 30;
    for (int i = 0; i < count; i++) {
        const int dr = entries[i][0] - t[0], dg = entries[i][1] - t[1], db = entries[i][2] - t[2], da = entries[i][3] - t[3];
        const int distance = dr * dr * 2 + dg * dg * 4 + db * db * 3 + da * da * 3;
        if (distance < best_distance) {
            best = i;
            best_distance = distance;
        }
    }
    return best;
}

/* An entry from premultiplied sums over `count` pixels: unpremultiplied RGBA, and premultiplied
 * again from those bytes (what a decoder will show). */
static void set_entry(const uint64_t *sum, uint64_t count, uint8_t rgba[4], int premultiplied[4]) {
    const int a = (int)((sum[3] + count / 2) / count);
    for (int c = 0; c < 3; c++) {
        const int p = (int)((sum[c] + count / 2) / count);
        rgba[c] = a == 0 ? 0 : (uint8_t)clamp((p * 255 + a / 2) / a, 0, 255);
    }
    rgba[3] = (uint8_t)a;
    for (int c = 0; c < 3; c++) premultiplied[c] = premultiply(rgba[c], a);
    premultiplied[3] = a;
}

/* The pixels' colours as the palette when there are at most `colours` of them (every fully
 * transparent pixel as 0,0,0,0), with every pixel's index; 0 when there are more. */
static int exact_palette(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int colours,
                         uint8_t palette[256][4], uint8_t *indices) {
    uint32_t keys[EXACT_SLOTS];
    int16_t slots[EXACT_SLOTS];
    memset(slots, 0xFF, sizeof slots);
    int count = 0;
    uint32_t last_key = 0;
    int last_index = -1;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        uint8_t *out = indices + (size_t)y * width;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            const uint32_t key = p[3] == 0 ? 0 : (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
            if (last_index < 0 || key != last_key) {
                uint32_t slot = (key * 2654435761u) >> 22;
                while (slots[slot] >= 0 && keys[slot] != key) slot = (slot + 1) & (EXACT_SLOTS - 1);
                if (slots[slot] < 0) {
                    if (count == colours) return 0;
                    keys[slot] = key;
                    slots[slot] = (int16_t)count;
                    for (int c = 0; c < 4; c++) palette[count][c] = (uint8_t)(key >> (24 - 8 * c));
                    count++;
                }
                last_key = key;
                last_index = slots[slot];
            }
            out[x] = (uint8_t)last_index;
        }
    }
    return count;
}

/* The median-cut palette, refined by k-means over the bins, in `palette` and premultiplied in `entries`. */
static int reduced_palette(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int colours,
                           uint8_t palette[256][4], int entries[256][4], bin_stats *bins, uint8_t (*mean)[4],
                           uint16_t *order) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            bin_stats *bin = &bins[bin_of(p)];
            bin->count++;
            for (int c = 0; c < 3; c++) bin->sum[c] += (uint64_t)premultiply(p[c], p[3]);
            bin->sum[3] += p[3];
        }
    }
    uint32_t used = 0;
    for (uint32_t i = 0; i < BINS; i++) {
        if (bins[i].count == 0) continue;
        order[used++] = (uint16_t)i;
        for (int c = 0; c < 4; c++) mean[i][c] = (uint8_t)((bins[i].sum[c] + bins[i].count / 2) / bins[i].count);
    }
    colour_box boxes[256];
    const int count = median_cut(order, order + BINS, used, bins, (const uint8_t (*)[4])mean, boxes, colours);
    for (int i = 0; i < count; i++) {
        uint64_t sum[4] = {0, 0, 0, 0};
        for (uint32_t j = boxes[i].start; j < boxes[i].end; j++)
            for (int c = 0; c < 4; c++) sum[c] += bins[order[j]].sum[c];
        set_entry(sum, boxes[i].count, palette[i], entries[i]);
    }
    for (int round = 0; round < REFINEMENTS; round++) {
        uint64_t sums[256][4], counts[256];
        memset(sums, 0, sizeof sums);
        memset(counts, 0, sizeof counts);
        for (uint32_t j = 0; j < used; j++) {
            const int t[4] = {mean[order[j]][0], mean[order[j]][1], mean[order[j]][2], mean[order[j]][3]};
            const int e = nearest((const int (*)[4])entries, count, t);
            counts[e] += bins[order[j]].count;
            for (int c = 0; c < 4; c++) sums[e][c] += bins[order[j]].sum[c];
        }
        for (int i = 0; i < count; i++)
            if (counts[i] > 0) set_entry(sums[i], counts[i], palette[i], entries[i]);
    }
    return count;
}

/* Every pixel mapped to its entry with Floyd-Steinberg dithering in premultiplied RGBA. */
static void dither(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, const int entries[256][4],
                   int count, int16_t *cache, int *errors, uint8_t *indices) {
    memset(cache, 0xFF, CACHE * sizeof *cache);
    const int clear[4] = {0, 0, 0, 0};
    const int transparent = nearest(entries, count, clear);
    int *current = errors + 4, *next = errors + ((size_t)width + 2) * 4 + 4;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        uint8_t *out = indices + (size_t)y * width;
        memset(next - 4, 0, ((size_t)width + 2) * 4 * sizeof *next);
        for (uint32_t x = 0; x < width; x++, p += 4) {
            const int a = p[3];
            if (a == 0) {
                out[x] = (uint8_t)transparent;
                continue;
            }
            int *e = current + x * 4, t[4];
            t[3] = a == 255 ? 255 : clamp(a + (e[3] + 8) / 16, 1, 254);
            for (int c = 0; c < 3; c++) t[c] = clamp(premultiply(p[c], a) + (e[c] + 8) / 16, 0, t[3]);
            int index;
            if (t[3] == 255) {
                const int key = (t[0] >> 2) << 12 | (t[1] >> 2) << 6 | t[2] >> 2;
                if (cache[key] < 0) cache[key] = (int16_t)nearest(entries, count, t);
                index = cache[key];
            } else {
                index = nearest(entries, count, t);
            }
            out[x] = (uint8_t)index;
            for (int c = 0; c < (a == 255 ? 3 : 4); c++) {
                const int error = t[c] - entries[index][c];
                current[(x + 1) * 4 + c] += error * 7;
                next[((int)x - 1) * 4 + c] += error * 3;
                next[x * 4 + c] += error * 5;
                next[(x + 1) * 4 + c] += error;
            }
        }
        int *swap = current;
        current = next;
        next = swap;
    }
}

/* Moves the entries with alpha below 255 to the front, renumbering `indices`. */
static void translucent_first(uint8_t palette[256][4], int count, uint8_t *indices, size_t pixels) {
    uint8_t sorted[256][4], renumbered[256];
    int at = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < count; i++)
            if ((palette[i][3] < 255) == (pass == 0)) {
                memcpy(sorted[at], palette[i], 4);
                renumbered[i] = (uint8_t)at++;
            }
    memcpy(palette, sorted, (size_t)count * 4);
    for (size_t i = 0; i < pixels; i++) indices[i] = renumbered[indices[i]];
}

int cio_quantize_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int colours,
                      uint8_t palette[256][4], uint8_t *indices) {
    int count = exact_palette(rgba, width, height, stride, colours, palette, indices);
    if (count == 0) {
        bin_stats *bins = calloc(BINS, sizeof *bins);
        uint8_t (*mean)[4] = malloc(BINS * sizeof *mean);
        uint16_t *order = malloc(2 * BINS * sizeof *order);   /* the used bins, then scratch for sorting them */
        int16_t *cache = malloc(CACHE * sizeof *cache);
        int *errors = calloc(((size_t)width + 2) * 8, sizeof *errors);   /* this row's and the next's, 4 channels */
        if (bins != NULL && mean != NULL && order != NULL && cache != NULL && errors != NULL) {
            int entries[256][4];
            count = reduced_palette(rgba, width, height, stride, colours, palette, entries, bins, mean, order);
            dither(rgba, width, height, stride, (const int (*)[4])entries, count, cache, errors, indices);
        }
        free(bins);
        free(mean);
        free(order);
        free(cache);
        free(errors);
        if (count == 0) return 0;
    }
    translucent_first(palette, count, indices, (size_t)width * height);
    return count;
}
