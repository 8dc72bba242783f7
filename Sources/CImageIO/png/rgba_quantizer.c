/* cio_quantize_rgba: the palette of an indexed PNG. The histogram is a hash table of the pixels'
 * colours, at full precision unless more than half its slots would fill (then one bit less a
 * channel, until they fit); each bin sits at its pixels' mean premultiplied RGBA, which the cut
 * splits on. */
#include "png/rgba_quantizer.h"
#include <stdlib.h>
#include <string.h>

enum { BINS = 65536, EXACT_SLOTS = 1024, REFINEMENTS = 2 };

typedef struct { uint64_t count, sum[4]; } bin_stats;   /* sums of premultiplied r, g, b and of alpha */
typedef struct { uint32_t start, end; uint64_t count; int axis; double error; } colour_box;

/* The distance's weights for premultiplied red, green, blue and alpha: green over blue over red, as the eye sees. */
static const int weights[4] = {2, 4, 3, 3};

static int premultiply(int c, int a) { return (c * a + 127) / 255; }

static int clamp(int v, int low, int high) { return v < low ? low : v > high ? high : v; }

/* Fills `bins` (a hash table of BINS slots, `keys` its keys) with the pixels' colours, each channel
 * cut to its top 8 - `shift` bits, every fully transparent pixel as one colour; returns the slots
 * used, or 0 when more than half of them would be. */
static uint32_t histogram(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int shift, bin_stats *bins,
                          uint32_t *keys) {
    memset(bins, 0, BINS * sizeof *bins);
    const uint32_t mask = (0xFFu << shift & 0xFFu) * 0x01010101u;
    uint32_t used = 0, last_key = 0, last_slot = 0;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *p = rgba + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            const uint32_t key = p[3] == 0 ? 0 : ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]) & mask;
            uint32_t slot = last_slot;
            if (key != last_key || used == 0) {
                slot = (key * 2654435761u) >> 16;
                while (bins[slot].count > 0 && keys[slot] != key) slot = (slot + 1) & (BINS - 1);
                if (bins[slot].count == 0) {
                    if (++used > BINS / 2) return 0;
                    keys[slot] = key;
                }
                last_key = key;
                last_slot = slot;
            }
            bin_stats *bin = &bins[slot];
            bin->count++;
            for (int c = 0; c < 3; c++) bin->sum[c] += (uint64_t)premultiply(p[c], p[3]);
            bin->sum[3] += p[3];
        }
    }
    return used;
}

/* The box's population and its weighted sum of squared deviations (bins at their means); its axis
 * is the one that holds the most of them. */
static void measure(colour_box *box, const uint16_t *order, const bin_stats *bins, const uint8_t (*mean)[4]) {
    double sum[4] = {0, 0, 0, 0}, squares[4] = {0, 0, 0, 0}, largest = -1;
    box->count = 0;
    for (uint32_t i = box->start; i < box->end; i++) {
        const double n = (double)bins[order[i]].count;
        box->count += bins[order[i]].count;
        for (int a = 0; a < 4; a++) {
            const double v = mean[order[i]][a];
            sum[a] += n * v;
            squares[a] += n * v * v;
        }
    }
    box->axis = 0;
    box->error = 0;
    for (int a = 0; a < 4; a++) {
        const double e = weights[a] * (squares[a] - sum[a] * sum[a] / (double)box->count);
        box->error += e;
        if (e > largest) {
            largest = e;
            box->axis = a;
        }
    }
}

/* Orders order[start, end) by the bins' mean on `axis` (a counting sort through `scratch`). */
static void sort_bins(uint16_t *order, uint32_t start, uint32_t end, int axis, const uint8_t (*mean)[4], uint16_t *scratch) {
    uint32_t first[257] = {0};
    for (uint32_t i = start; i < end; i++) first[mean[order[i]][axis] + 1]++;
    for (int v = 1; v <= 256; v++) first[v] += first[v - 1];
    for (uint32_t i = start; i < end; i++) scratch[first[mean[order[i]][axis]]++] = order[i];
    memcpy(order + start, scratch, (end - start) * sizeof *order);
}

/* Where to split the sorted box on its axis: the cut that leaves the two sides the least squared
 * deviation, that is the one with the largest sum of (side's sum)^2 / (side's count). */
static uint32_t best_split(const colour_box *box, const uint16_t *order, const bin_stats *bins, const uint8_t (*mean)[4]) {
    double total = 0, n = 0, s = 0, best = -1;
    for (uint32_t i = box->start; i < box->end; i++) total += (double)bins[order[i]].count * mean[order[i]][box->axis];
    uint32_t split = box->start + 1;
    for (uint32_t i = box->start; i + 1 < box->end; i++) {
        n += (double)bins[order[i]].count;
        s += (double)bins[order[i]].count * mean[order[i]][box->axis];
        const double kept = s * s / n + (total - s) * (total - s) / ((double)box->count - n);
        if (kept > best) {
            best = kept;
            split = i + 1;
        }
    }
    return split;
}

/* Splits the box of the largest error until there are `limit` boxes or none can split; returns the box count. */
static int median_cut(uint16_t *order, uint16_t *scratch, uint32_t used, const bin_stats *bins, const uint8_t (*mean)[4],
                      colour_box *boxes, int limit) {
    int count = 1;
    boxes[0] = (colour_box){.start = 0, .end = used};
    measure(&boxes[0], order, bins, mean);
    while (count < limit) {
        int best = -1;
        for (int i = 0; i < count; i++)
            if (boxes[i].end - boxes[i].start > 1 && boxes[i].error > 0 && (best < 0 || boxes[i].error > boxes[best].error)) best = i;
        if (best < 0) break;
        colour_box *box = &boxes[best];
        sort_bins(order, box->start, box->end, box->axis, mean, scratch);
        const uint32_t split = best_split(box, order, bins, mean);
        boxes[count] = (colour_box){.start = split, .end = box->end};
        box->end = split;
        measure(box, order, bins, mean);
        measure(&boxes[count], order, bins, mean);
        count++;
    }
    return count;
}

/* The entries (premultiplied) sorted by green, for a nearest search that stops once green alone is
 * farther than the best found. */
typedef struct {
    int count;
    int entry[256][4];
    uint8_t index[256];           /* the palette index of each sorted entry */
    int first[257];               /* the first sorted entry with green >= v */
    int by_index[256][4];         /* the entries in palette order */
} palette_search;

static void prepare_search(palette_search *search, const int (*entries)[4], int count) {
    search->count = count;
    memcpy(search->by_index, entries, (size_t)count * sizeof *entries);
    int at = 0;
    for (int g = 0; g <= 256; g++) {
        search->first[g] = at;
        for (int i = 0; g < 256 && i < count; i++)
            if (entries[i][1] == g) {
                memcpy(search->entry[at], entries[i], sizeof search->entry[at]);
                search->index[at++] = (uint8_t)i;
            }
    }
}

static int distance(const int *e, const int *t) {
    int d = 0;
    for (int c = 0; c < 4; c++) d += weights[c] * (e[c] - t[c]) * (e[c] - t[c]);
    return d;
}

/* The palette index nearest a premultiplied RGBA target. */
static int nearest(const palette_search *search, const int *t) {
    int best = 0, best_distance = 1 << 30;
    int up = search->first[t[1]], down = up - 1;
    while (up < search->count || down >= 0) {
        if (up < search->count) {
            const int dg = search->entry[up][1] - t[1];
            if (weights[1] * dg * dg >= best_distance) {
                up = search->count;
            } else {
                const int d = distance(search->entry[up], t);
                if (d < best_distance) {
                    best_distance = d;
                    best = search->index[up];
                }
                up++;
            }
        }
        if (down >= 0) {
            const int dg = t[1] - search->entry[down][1];
            if (weights[1] * dg * dg >= best_distance) {
                down = -1;
            } else {
                const int d = distance(search->entry[down], t);
                if (d < best_distance) {
                    best_distance = d;
                    best = search->index[down];
                }
                down--;
            }
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
                           uint16_t *order, uint32_t *keys, palette_search *search) {
    int shift = 0;
    while (histogram(rgba, width, height, stride, shift, bins, keys) == 0) shift++;
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
        prepare_search(search, (const int (*)[4])entries, count);
        for (uint32_t j = 0; j < used; j++) {
            const int t[4] = {mean[order[j]][0], mean[order[j]][1], mean[order[j]][2], mean[order[j]][3]};
            const int e = nearest(search, t);
            counts[e] += bins[order[j]].count;
            for (int c = 0; c < 4; c++) sums[e][c] += bins[order[j]].sum[c];
        }
        for (int i = 0; i < count; i++)
            if (counts[i] > 0) set_entry(sums[i], counts[i], palette[i], entries[i]);
    }
    prepare_search(search, (const int (*)[4])entries, count);
    return count;
}

/* Every pixel mapped to its entry with Floyd-Steinberg dithering in premultiplied RGBA, spreading
 * three quarters of each error (the full error makes noisier files that measure about 2 dB worse). */
static void dither(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, const palette_search *search,
                   int *errors, uint8_t *indices) {
    const int clear[4] = {0, 0, 0, 0};
    const int transparent = nearest(search, clear);
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
            const int index = nearest(search, t);
            out[x] = (uint8_t)index;
            for (int c = 0; c < (a == 255 ? 3 : 4); c++) {
                const int error = (t[c] - search->by_index[index][c]) * 3 / 4;
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
        bin_stats *bins = malloc(BINS * sizeof *bins);
        uint8_t (*mean)[4] = malloc(BINS * sizeof *mean);
        uint16_t *order = malloc(2 * BINS * sizeof *order);   /* the used bins, then scratch for sorting them */
        uint32_t *keys = malloc(BINS * sizeof *keys);
        int *errors = calloc(((size_t)width + 2) * 8, sizeof *errors);   /* this row's and the next's, 4 channels */
        palette_search *search = malloc(sizeof *search);
        if (bins != NULL && mean != NULL && order != NULL && keys != NULL && errors != NULL && search != NULL) {
            int entries[256][4];
            count = reduced_palette(rgba, width, height, stride, colours, palette, entries, bins, mean, order, keys, search);
            dither(rgba, width, height, stride, search, errors, indices);
        }
        free(bins);
        free(mean);
        free(order);
        free(keys);
        free(errors);
        free(search);
        if (count == 0) return 0;
    }
    translucent_first(palette, count, indices, (size_t)width * height);
    return count;
}
