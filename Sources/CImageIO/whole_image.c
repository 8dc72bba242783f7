/* Images decoded whole (WebP, AVIF, HEIF, GIF), served row by row over the requested region. */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

cio_status cio_whole_image_allocate(cio_whole_image *image, uint32_t width, uint32_t height, cio_layout layout,
                                    cio_message *message) {
    const size_t row = (size_t)width * (size_t)layout;
    image->pixels = height == 0 || row > SIZE_MAX / height ? NULL : calloc(height, row);
    if (image->pixels == NULL) {
        cio_set_message(message, "out of memory for a %ux%u image", width, height);
        return CIO_OUT_OF_MEMORY;
    }
    image->width = image->full_width = width;
    image->height = image->full_height = height;
    image->left = image->top = 0;
    image->layout = layout;
    return CIO_OK;
}

void cio_whole_image_place(cio_whole_image *image, uint32_t full_width, uint32_t full_height, uint32_t left,
                           uint32_t top) {
    image->full_width = full_width;
    image->full_height = full_height;
    image->left = left;
    image->top = top;
}

cio_status cio_whole_image_select(cio_whole_image *image, const cio_decode_options *options,
                                  cio_decode_geometry *geometry, cio_message *message) {
    uint32_t x = 0, y = 0, w = image->full_width, h = image->full_height;
    if (options->has_region) {
        x = options->region_x;
        y = options->region_y;
        w = options->region_width;
        h = options->region_height;
        if (w == 0 || h == 0 || x > image->full_width || w > image->full_width - x || y > image->full_height ||
            h > image->full_height - y) {
            cio_set_message(message, "region %ux%u+%u+%u is outside the %ux%u image", w, h, x, y, image->full_width,
                            image->full_height);
            return CIO_INVALID_ARGUMENT;
        }
    }
    if (x < image->left || y < image->top || (uint64_t)x + w > (uint64_t)image->left + image->width ||
        (uint64_t)y + h > (uint64_t)image->top + image->height) {
        cio_set_message(message, "region %ux%u+%u+%u is outside the decoded %ux%u+%u+%u", w, h, x, y, image->width,
                        image->height, image->left, image->top);
        return CIO_INVALID_ARGUMENT;
    }
    image->x = x;
    image->y = y;
    image->region_width = w;
    image->region_height = h;
    image->delivered = 0;
    geometry->scaled_width = image->full_width;
    geometry->scaled_height = image->full_height;
    geometry->x = x;
    geometry->y = y;
    geometry->width = w;
    geometry->height = h;
    geometry->layout = image->layout;
    return CIO_OK;
}

void cio_whole_image_read_rows(cio_whole_image *image, uint8_t *rows, size_t stride, uint32_t max_rows,
                               uint32_t *rows_read) {
    const size_t channels = (size_t)image->layout, row_bytes = (size_t)image->width * channels;
    const size_t offset = (size_t)(image->x - image->left) * channels, length = (size_t)image->region_width * channels;
    *rows_read = 0;
    while (*rows_read < max_rows && image->delivered < image->region_height) {
        const uint8_t *source = image->pixels + (size_t)(image->y - image->top + image->delivered) * row_bytes + offset;
        memcpy(rows + (size_t)*rows_read * stride, source, length);
        image->delivered++;
        (*rows_read)++;
    }
}

void cio_whole_image_release(cio_whole_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
