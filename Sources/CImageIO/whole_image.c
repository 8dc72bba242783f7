/* Images decoded whole (WebP, AVIF, HEIF, GIF), served row by row over the requested region. */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

struct cio_pixel_store {
    uint8_t *pixels;
    size_t capacity;
};

cio_pixel_store *cio_pixel_store_create(void) { return calloc(1, sizeof(cio_pixel_store)); }

void cio_pixel_store_empty(cio_pixel_store *store) {
    free(store->pixels);
    store->pixels = NULL;
    store->capacity = 0;
}

void cio_pixel_store_free(cio_pixel_store *store) {
    if (store == NULL) return;
    cio_pixel_store_empty(store);
    free(store);
}

cio_status cio_whole_image_allocate(cio_whole_image *image, uint32_t width, uint32_t height, cio_layout layout,
                                    cio_message *message) {
    const size_t row = (size_t)width * (size_t)layout;
    const size_t bytes = height == 0 || row > SIZE_MAX / height ? SIZE_MAX : row * height;
    cio_pixel_store *store = image->store;
    if (store != NULL && store->pixels != NULL && store->capacity >= bytes) {
        image->pixels = memset(store->pixels, 0, bytes);
        image->capacity = store->capacity;
        store->pixels = NULL;
        store->capacity = 0;
    } else {
        if (store != NULL) cio_pixel_store_empty(store);   /* too small: its memory goes before the new is taken */
        image->pixels = bytes == SIZE_MAX ? NULL : calloc(height, row);
        image->capacity = bytes;
        cio_advise_huge_pages(image->pixels, bytes);
    }
    if (image->pixels == NULL) {
        cio_set_message(message, "out of memory for a %ux%u image", width, height);
        return CIO_OUT_OF_MEMORY;
    }
    image->width = width;
    image->height = height;
    image->layout = layout;
    image->origin_x = 0;
    image->origin_y = 0;
    image->full_width = width;
    image->full_height = height;
    return CIO_OK;
}

cio_status cio_region_of(const cio_decode_options *options, uint32_t width, uint32_t height, cio_rect *region,
                         cio_message *message) {
    *region = (cio_rect){0, 0, width, height};
    if (!options->has_region) return CIO_OK;
    const uint32_t x = options->region_x, y = options->region_y;
    const uint32_t w = options->region_width, h = options->region_height;
    if (w == 0 || h == 0 || x > width || w > width - x || y > height || h > height - y) {
        cio_set_message(message, "region %ux%u+%u+%u is outside the %ux%u image", w, h, x, y, width, height);
        return CIO_INVALID_ARGUMENT;
    }
    *region = (cio_rect){x, y, w, h};
    return CIO_OK;
}

void cio_whole_image_place(cio_whole_image *image, uint32_t full_width, uint32_t full_height, uint32_t left,
                           uint32_t top) {
    image->full_width = full_width;
    image->full_height = full_height;
    image->origin_x = left;
    image->origin_y = top;
}

cio_status cio_whole_image_select(cio_whole_image *image, const cio_decode_options *options,
                                  cio_decode_geometry *geometry, cio_message *message) {
    cio_rect region;
    const cio_status status = cio_region_of(options, image->full_width, image->full_height, &region, message);
    if (status != CIO_OK) return status;
    image->x = region.x;
    image->y = region.y;
    image->region_width = region.width;
    image->region_height = region.height;
    if (image->x < image->origin_x || image->y < image->origin_y ||
        image->x - image->origin_x + image->region_width > image->width ||
        image->y - image->origin_y + image->region_height > image->height) {
        cio_set_message(message, "region %ux%u+%u+%u is outside the part decoded", image->region_width,
                        image->region_height, image->x, image->y);
        return CIO_INVALID_ARGUMENT;
    }
    image->delivered = 0;
    geometry->scaled_width = image->full_width;
    geometry->scaled_height = image->full_height;
    geometry->x = image->x;
    geometry->y = image->y;
    geometry->width = image->region_width;
    geometry->height = image->region_height;
    geometry->layout = image->layout;
    return CIO_OK;
}

void cio_whole_image_read_rows(cio_whole_image *image, uint8_t *rows, size_t stride, uint32_t max_rows,
                               uint32_t *rows_read) {
    const size_t channels = (size_t)image->layout, row_bytes = (size_t)image->width * channels;
    const size_t offset = (size_t)(image->x - image->origin_x) * channels, length = (size_t)image->region_width * channels;
    *rows_read = 0;
    while (*rows_read < max_rows && image->delivered < image->region_height) {
        const uint8_t *source = image->pixels + (size_t)(image->y - image->origin_y + image->delivered) * row_bytes + offset;
        memcpy(rows + (size_t)*rows_read * stride, source, length);
        image->delivered++;
        (*rows_read)++;
    }
}

void cio_whole_image_release(cio_whole_image *image) {
    cio_pixel_store *store = image->store;
    if (store != NULL && store->pixels == NULL) {
        store->pixels = image->pixels;
        store->capacity = image->capacity;
    } else {
        free(image->pixels);
    }
    image->pixels = NULL;
}
