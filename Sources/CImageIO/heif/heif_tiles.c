/* Grid tiles decoded one by one through libheif, in parallel, and written to their upright places. */
#include "heif/heif_tiles.h"
#include "heif/heif_hevc_tile.h"
#include "heif/heif_reader.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_THREADS = 64, CHANNELS = 3 };

/* The coded pixels of `region` and the tiles (columns and rows, inclusive) that hold them. */
typedef struct {
    cio_heif_rect coded;
    uint32_t first_column, last_column, first_row, last_row;
} tile_span;

static tile_span span_of(const cio_heif_grid *grid, const cio_heif_placement *placement, cio_heif_rect region) {
    tile_span s;
    s.coded = cio_heif_placement_coded(placement, region);
    s.first_column = s.coded.x / grid->tile_width;
    s.last_column = (s.coded.x + s.coded.width - 1) / grid->tile_width;
    s.first_row = s.coded.y / grid->tile_height;
    s.last_row = (s.coded.y + s.coded.height - 1) / grid->tile_height;
    return s;
}

size_t cio_heif_tiles_needed(const cio_heif_grid *grid, const cio_heif_placement *placement, cio_heif_rect region) {
    const tile_span s = span_of(grid, placement, region);
    return (size_t)(s.last_column - s.first_column + 1) * (s.last_row - s.first_row + 1);
}

uint8_t *cio_heif_tiles_unhidden(const uint8_t *data, size_t size, const cio_heif_grid *grid) {
    uint8_t *copy = malloc(size);
    if (copy == NULL) return NULL;
    memcpy(copy, data, size);
    for (size_t i = 0; i < (size_t)grid->rows * grid->columns; i++) copy[grid->hidden_flags[i]] &= (uint8_t)~1u;
    return copy;
}

/* What the workers share: the job, the next tile to take, and the first failure. */
typedef struct {
    const cio_heif_items *items;
    struct heif_context *context;
    const cio_heif_grid *grid;
    const cio_heif_placement *placement;
    cio_heif_rect region;
    tile_span span;
    int strict;
    int skip_in_loop_filters;
    cio_warnings *warnings;   /* under `lock` */
    cio_whole_image *image;
    atomic_size_t next;
    atomic_int failed;
    pthread_mutex_t lock;
    cio_status status;
    cio_message message;
} tile_job;

static void fail(tile_job *job, cio_status status, const cio_message *message) {
    pthread_mutex_lock(&job->lock);
    if (job->status == CIO_OK) {
        job->status = status;
        job->message = *message;
    }
    pthread_mutex_unlock(&job->lock);
    atomic_store(&job->failed, 1);
}

/* Where the pixels of the tile at coded (tile_x, tile_y) inside the region's coded rectangle go in the
 * image (none when the tile is outside it). */
static void target_of(const tile_job *job, uint32_t tile_x, uint32_t tile_y, cio_heif_tile_target *target) {
    const cio_heif_grid *g = job->grid;
    const cio_heif_placement *p = job->placement;
    const cio_heif_rect c = job->span.coded;
    const uint32_t x0 = tile_x > c.x ? tile_x : c.x, y0 = tile_y > c.y ? tile_y : c.y;
    const uint64_t tile_right = (uint64_t)tile_x + g->tile_width, tile_bottom = (uint64_t)tile_y + g->tile_height;
    const uint32_t x1 = (uint32_t)(tile_right < (uint64_t)c.x + c.width ? tile_right : (uint64_t)c.x + c.width);
    const uint32_t y1 = (uint32_t)(tile_bottom < (uint64_t)c.y + c.height ? tile_bottom : (uint64_t)c.y + c.height);
    const int64_t row = (int64_t)job->region.width * CHANNELS;
    const int64_t ux = p->xx * (int64_t)x0 + p->xy * (int64_t)y0 + p->bx - job->region.x;
    const int64_t uy = p->yx * (int64_t)x0 + p->yy * (int64_t)y0 + p->by - job->region.y;
    target->x = x0 - tile_x;
    target->y = y0 - tile_y;
    target->width = x1 > x0 ? x1 - x0 : 0;
    target->height = y1 > y0 ? y1 - y0 : 0;
    target->origin = target->width > 0 && target->height > 0 ? job->image->pixels + uy * row + ux * CHANNELS : job->image->pixels;
    target->pixel_step = (ptrdiff_t)(((int64_t)p->yx * job->region.width + p->xx) * CHANNELS);   /* one coded pixel to the right */
    target->row_step = (ptrdiff_t)(((int64_t)p->yy * job->region.width + p->xy) * CHANNELS);     /* one coded row down */
}

/* Copies a decoded tile's pixels (RGB8, `stride` bytes a row) to their upright places. */
static void place(tile_job *job, const uint8_t *plane, size_t stride, uint32_t tile_x, uint32_t tile_y) {
    cio_heif_tile_target t;
    target_of(job, tile_x, tile_y, &t);
    const size_t length = (size_t)t.width * CHANNELS;
    uint8_t *out = t.origin;
    for (uint32_t y = t.y; y < t.y + t.height; y++, out += t.row_step) {
        const uint8_t *in = plane + (size_t)y * stride + (size_t)t.x * CHANNELS;
        if (t.pixel_step == CHANNELS) {
            memcpy(out, in, length);
            continue;
        }
        uint8_t *pixel = out;
        for (size_t x = 0; x < length; x += CHANNELS, pixel += t.pixel_step) memcpy(pixel, in + x, CHANNELS);
    }
}

/* The tile through libheif: what its decoder plugin and colour conversion make of it. */
static cio_status decode_through_libheif(tile_job *job, uint32_t column, uint32_t row, cio_message *message) {
    const cio_heif_grid *g = job->grid;
    struct heif_image_handle *handle = NULL;
    struct heif_error error = heif_context_get_image_handle(job->context, g->tiles[(size_t)row * g->columns + column], &handle);
    if (error.code != heif_error_Ok) return cio_heif_failure(error, "reading a tile", message);
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    struct heif_image *tile = NULL;
    cio_status status = CIO_OK;
    if (options == NULL) {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    } else {
        options->convert_hdr_to_8bit = 1;
        error = heif_decode_image(handle, &tile, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options);
        if (error.code != heif_error_Ok) status = cio_heif_failure(error, "decoding a tile", message);
    }
    heif_decoding_options_free(options);
    if (status == CIO_OK) {
        int stride = 0;
        const uint8_t *plane = heif_image_get_plane_readonly(tile, heif_channel_interleaved, &stride);
        const int width = heif_image_get_width(tile, heif_channel_interleaved);
        const int height = heif_image_get_height(tile, heif_channel_interleaved);
        if (plane == NULL || width != (int)g->tile_width || height != (int)g->tile_height || stride < width * CHANNELS) {
            cio_set_message(message, "corrupt HEIF: a tile decodes to %dx%d, its header says %ux%u", width, height,
                            g->tile_width, g->tile_height);
            status = CIO_CORRUPT;
        } else {
            place(job, plane, (size_t)stride, column * g->tile_width, row * g->tile_height);
        }
    }
    if (tile != NULL) heif_image_release(tile);
    heif_image_handle_release(handle);
    return status;
}

static cio_status decode_tile(tile_job *job, size_t index, cio_message *message) {
    const uint32_t columns = job->span.last_column - job->span.first_column + 1;
    const uint32_t column = job->span.first_column + (uint32_t)(index % columns);
    const uint32_t row = job->span.first_row + (uint32_t)(index / columns);
    const cio_heif_grid *g = job->grid;
    cio_heif_tile_target target;
    target_of(job, column * g->tile_width, row * g->tile_height, &target);
    cio_message damage;
    cio_status status = cio_heif_hevc_tile_decode(job->items, g->tiles[(size_t)row * g->columns + column], g->tile_width,
                                                  g->tile_height, job->skip_in_loop_filters, &target, &damage, message);
    if (status == CIO_OK && damage.text[0] != '\0') {
        if (job->strict) {
            cio_set_message(message, "corrupt HEIF: %s", damage.text);
            status = CIO_CORRUPT;
        } else {
            pthread_mutex_lock(&job->lock);
            cio_warnings_add(job->warnings, damage.text);
            pthread_mutex_unlock(&job->lock);
        }
    }
    return status == CIO_UNSUPPORTED ? decode_through_libheif(job, column, row, message) : status;
}

static void *work(void *argument) {
    tile_job *job = argument;
    const size_t count = (size_t)(job->span.last_column - job->span.first_column + 1) *
                         (job->span.last_row - job->span.first_row + 1);
    for (;;) {
        const size_t index = atomic_fetch_add(&job->next, 1);
        if (index >= count || atomic_load(&job->failed)) return NULL;
        cio_message message = {0};
        const cio_status status = decode_tile(job, index, &message);
        if (status != CIO_OK) fail(job, status, &message);
    }
}

cio_status cio_heif_decode_tiles(const cio_heif_items *items, struct heif_context *context, const cio_heif_grid *grid,
                                 const cio_heif_placement *placement, cio_heif_rect region,
                                 const cio_decode_options *options, cio_warnings *warnings, cio_whole_image *image,
                                 cio_message *message) {
    const int threads = options->threads;
    cio_status status = cio_whole_image_allocate(image, region.width, region.height, CIO_RGB8, message);
    if (status != CIO_OK) return status;
    cio_whole_image_place(image, placement->width, placement->height, region.x, region.y);
    tile_job job = {.items = items, .context = context, .grid = grid, .placement = placement, .region = region, .image = image,
                    .strict = options->fail_on_truncation, .skip_in_loop_filters = options->skip_in_loop_filters, .warnings = warnings, .status = CIO_OK};
    job.span = span_of(grid, placement, region);
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    pthread_mutex_init(&job.lock, NULL);
    const size_t tiles = cio_heif_tiles_needed(grid, placement, region);
    size_t helpers = threads > 1 ? (size_t)threads - 1 : 0;
    if (helpers > tiles - 1) helpers = tiles - 1;
    if (helpers > MAX_THREADS) helpers = MAX_THREADS;
    pthread_t started[MAX_THREADS];
    size_t running = 0;
    while (running < helpers && pthread_create(&started[running], NULL, work, &job) == 0) running++;
    work(&job);   /* the calling thread decodes too */
    for (size_t i = 0; i < running; i++) pthread_join(started[i], NULL);
    pthread_mutex_destroy(&job.lock);
    if (job.status != CIO_OK) {
        *message = job.message;
        cio_whole_image_release(image);
    }
    return job.status;
}
