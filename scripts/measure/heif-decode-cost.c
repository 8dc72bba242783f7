/* What decoding one HEIF costs, route by route, for scripts/measure/heif-decode-cost.sh (built over
 * Sources/CImageIO, run natively for wall time or under callgrind for instruction counts):
 *
 *   heif-decode-cost MODE FILE [THREADS]
 *
 *   libheif-whole  libheif 1.15 decodes the primary image whole to interleaved RGB (the route before
 *                  tiles: composes the grid, converts, rotates)
 *   tiles          cimageio's tile route, the whole image
 *   region         cimageio's tile route, the region an 800x600 (4:3) centre cover crop reads with
 *                  Lanczos3 (what peers.sh T6 decodes)
 *   region-unfiltered  the same without the tiles' in-loop filters (deblocking, SAO)
 *   thumbnail      libheif decodes the embedded thumbnail
 *   floor          libde265 alone decodes the tiles the region needs (YCbCr planes, no conversion, no
 *                  placement): what no route can go below
 *   floor-all      the same for every tile
 *   floor-all-unfiltered  the same without the in-loop filters
 *
 *   heif-decode-cost ppm|ppm-unfiltered FILE OUT.ppm   the tile route's whole image (with or without
 *                  the in-loop filters) as a binary PPM, for scripts/measure/measure-hevc-loop-filters.py
 *
 * Prints the mode, the tiles decoded and the wall time. THREADS (default 1) is for tiles and region. */
#include "cimageio.h"
#include "heif/heif_grid.h"
#include "heif/heif_placement.h"
#include "heif/heif_tiles.h"
#include <libde265/de265.h>
#include <libheif/heif.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = malloc(*size);
    if (data != NULL && fread(data, 1, *size, f) != *size) {
        free(data);
        data = NULL;
    }
    fclose(f);
    return data;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The decode region of an 800x600 cover crop (centre, Lanczos3): the crop plus the filter's reach,
 * as CropPlan.span computes it. */
static cio_heif_rect t6_region(uint32_t width, uint32_t height) {
    double cw = width, ch = height;
    if (cw * 3 > ch * 4) cw = ch * 4 / 3; else ch = cw * 3 / 4;
    const double x = (width - cw) / 2, y = (height - ch) / 2, support = 3 * fmax(1, cw / 800);
    const double x0 = fmax(0, floor(x - support - 1)), y0 = fmax(0, floor(y - support - 1));
    const double x1 = fmin(width, ceil(x + cw + support + 1)), y1 = fmin(height, ceil(y + ch + support + 1));
    return (cio_heif_rect){(uint32_t)x0, (uint32_t)y0, (uint32_t)(x1 - x0), (uint32_t)(y1 - y0)};
}

static int decode_through_cimageio(const uint8_t *data, size_t size, int region, int threads, int unfiltered, FILE *ppm) {
    cio_info info;
    cio_message message;
    if (cio_probe(data, size, &info, &message) != CIO_OK) return fprintf(stderr, "%s\n", message.text), 1;
    const cio_heif_rect r = region ? t6_region(info.width, info.height) : (cio_heif_rect){0, 0, info.width, info.height};
    cio_info_release(&info);
    cio_decode_options options = {.max_pixels = 268402689, .fail_on_truncation = 1, .scale_denominator = 1,
                                  .has_region = 1, .region_x = r.x, .region_y = r.y, .region_width = r.width,
                                  .region_height = r.height, .threads = threads, .skip_in_loop_filters = unfiltered};
    cio_decoder *decoder;
    cio_decode_geometry geometry;
    if (cio_decoder_open(data, size, &options, &decoder, &geometry, &message) != CIO_OK) {
        return fprintf(stderr, "%s\n", message.text), 1;
    }
    if (ppm != NULL && geometry.layout != CIO_RGB8) {
        cio_decoder_close(decoder);
        return fprintf(stderr, "ppm: not an opaque RGB image\n"), 1;
    }
    const size_t stride = (size_t)geometry.width * geometry.layout;
    uint8_t *rows = malloc(stride * 64);
    uint32_t n;
    if (ppm != NULL) fprintf(ppm, "P6\n%u %u\n255\n", geometry.width, geometry.height);
    while (cio_decoder_read_rows(decoder, rows, stride, 64, &n, &message) == CIO_OK && n > 0) {
        if (ppm != NULL) fwrite(rows, stride, n, ppm);
    }
    free(rows);
    cio_decoder_close(decoder);
    printf("region %ux%u+%u+%u of %ux%u, ", r.width, r.height, r.x, r.y, geometry.scaled_width, geometry.scaled_height);
    return 0;
}

static int decode_through_libheif(const uint8_t *data, size_t size, int thumbnail) {
    cio_message message;
    if (cio_heif_library_open(&message) != CIO_OK) {
        fprintf(stderr, "%s\n", message.text);
        return 1;
    }
    struct heif_context *context = heif_context_alloc();
    struct heif_image_handle *primary = NULL, *handle = NULL;
    struct heif_image *image = NULL;
    struct heif_error error = heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(context, &primary);
    heif_item_id id;
    if (error.code == heif_error_Ok && thumbnail) {
        if (heif_image_handle_get_list_of_thumbnail_IDs(primary, &id, 1) != 1) return fprintf(stderr, "no thumbnail\n"), 1;
        error = heif_image_handle_get_thumbnail(primary, id, &handle);
    } else {
        handle = primary;
        primary = NULL;
    }
    if (error.code == heif_error_Ok) error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL);
    if (error.code != heif_error_Ok) return fprintf(stderr, "libheif: %s\n", error.message), 1;
    printf("%dx%d, ", heif_image_get_width(image, heif_channel_interleaved), heif_image_get_height(image, heif_channel_interleaved));
    heif_image_release(image);
    heif_image_handle_release(handle);
    if (primary != NULL) heif_image_handle_release(primary);
    heif_context_free(context);
    return 0;
}

/* libde265 on one tile: hvcC's parameter sets, then the item's length-prefixed NAL units. */
static int floor_tile(const cio_heif_items *items, uint32_t tile, uint8_t *buffer, size_t capacity, int unfiltered) {
    cio_heif_property properties[16];
    const size_t count = cio_heif_item_properties(items, tile, properties, 16);
    de265_decoder_context *decoder = de265_new_decoder();
    if (unfiltered) {
        de265_set_parameter_bool(decoder, DE265_DECODER_PARAM_DISABLE_DEBLOCKING, 1);
        de265_set_parameter_bool(decoder, DE265_DECODER_PARAM_DISABLE_SAO, 1);
    }
    for (size_t i = 0; i < count; i++) {
        if (memcmp(properties[i].type, "hvcC", 4) != 0) continue;
        const uint8_t *h = properties[i].payload.data;
        size_t at = 23;
        const int arrays = h[22];
        for (int a = 0; a < arrays; a++) {
            const int nals = h[at + 1] << 8 | h[at + 2];
            at += 3;
            for (int n = 0; n < nals; n++) {
                const int length = h[at] << 8 | h[at + 1];
                de265_push_NAL(decoder, h + at + 2, length, 0, NULL);
                at += 2 + (size_t)length;
            }
        }
    }
    size_t length = 0;
    if (!cio_heif_item_data(items, tile, buffer, capacity, &length)) return fprintf(stderr, "no data for tile %u\n", tile), 1;
    for (size_t at = 0; at + 4 <= length;) {
        const size_t nal = (size_t)buffer[at] << 24 | (size_t)buffer[at + 1] << 16 | (size_t)buffer[at + 2] << 8 | buffer[at + 3];
        de265_push_NAL(decoder, buffer + at + 4, (int)nal, 0, NULL);
        at += 4 + nal;
    }
    de265_flush_data(decoder);
    int more = 1, pictures = 0;
    while (more) {
        if (de265_decode(decoder, &more) != DE265_OK && !more) break;
        const struct de265_image *picture;
        while ((picture = de265_get_next_picture(decoder)) != NULL) pictures++;
    }
    de265_free_decoder(decoder);
    return pictures == 1 ? 0 : (fprintf(stderr, "tile %u gave %d pictures\n", tile, pictures), 1);
}

static int floor_tiles(const uint8_t *data, size_t size, int region, int unfiltered, size_t *decoded) {
    cio_heif_items items;
    cio_heif_grid grid;
    cio_heif_placement placement;
    cio_message message;
    int usable = 0;
    if (!cio_heif_items_read(data, size, &items) || cio_heif_grid_read(&items, &grid, &usable, &message) != CIO_OK || !usable ||
        cio_heif_placement_of(&items, items.primary, grid.width, grid.height, &placement, &message) != CIO_OK) {
        return fprintf(stderr, "not a grid of HEVC tiles\n"), 1;
    }
    const cio_heif_rect r = region ? t6_region(placement.width, placement.height)
                                   : (cio_heif_rect){0, 0, placement.width, placement.height};
    const cio_heif_rect coded = cio_heif_placement_coded(&placement, r);
    const size_t capacity = 16u << 20;
    uint8_t *buffer = malloc(capacity);
    int failed = 0;
    *decoded = 0;
    for (uint32_t row = coded.y / grid.tile_height; row <= (coded.y + coded.height - 1) / grid.tile_height; row++) {
        for (uint32_t column = coded.x / grid.tile_width; column <= (coded.x + coded.width - 1) / grid.tile_width; column++) {
            failed |= floor_tile(&items, grid.tiles[(size_t)row * grid.columns + column], buffer, capacity, unfiltered);
            (*decoded)++;
        }
    }
    free(buffer);
    cio_heif_grid_release(&grid);
    return failed;
}

int main(int argc, char **argv) {
    if (argc < 3) return fprintf(stderr, "usage: heif-decode-cost libheif-whole|tiles|region[-unfiltered]|thumbnail|floor|floor-all[-unfiltered] FILE [THREADS]; ppm[-unfiltered] FILE OUT\n"), 2;
    const char *mode = argv[1];
    const int threads = argc > 3 && strncmp(argv[1], "ppm", 3) != 0 ? atoi(argv[3]) : 1;
    size_t size;
    uint8_t *data = read_file(argv[2], &size);
    if (data == NULL) return fprintf(stderr, "cannot read %s\n", argv[2]), 2;
    printf("%s: ", mode);
    const double start = now();
    size_t tiles = 0;
    int status;
    if (strcmp(mode, "libheif-whole") == 0) status = decode_through_libheif(data, size, 0);
    else if (strcmp(mode, "thumbnail") == 0) status = decode_through_libheif(data, size, 1);
    else if (strcmp(mode, "tiles") == 0) status = decode_through_cimageio(data, size, 0, threads, 0, NULL);
    else if (strcmp(mode, "region") == 0) status = decode_through_cimageio(data, size, 1, threads, 0, NULL);
    else if (strcmp(mode, "region-unfiltered") == 0) status = decode_through_cimageio(data, size, 1, threads, 1, NULL);
    else if (strncmp(mode, "ppm", 3) == 0 && argc > 3) {   /* ppm|ppm-unfiltered FILE OUT: the whole image's pixels */
        FILE *out = fopen(argv[3], "wb");
        status = out == NULL ? 1 : decode_through_cimageio(data, size, 0, 1, strcmp(mode, "ppm-unfiltered") == 0, out);
        if (out != NULL) fclose(out);
    }
    else if (strcmp(mode, "floor") == 0) status = floor_tiles(data, size, 1, 0, &tiles);
    else if (strcmp(mode, "floor-all") == 0) status = floor_tiles(data, size, 0, 0, &tiles);
    else if (strcmp(mode, "floor-all-unfiltered") == 0) status = floor_tiles(data, size, 0, 1, &tiles);
    else return fprintf(stderr, "unknown mode %s\n", mode), 2;
    const double seconds = now() - start;
    if (tiles > 0) printf("%zu tiles, ", tiles);
    printf("%.3f s\n", seconds);
    free(data);
    return status;
}
