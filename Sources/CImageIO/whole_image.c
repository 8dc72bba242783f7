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
    image->width = width;
    image->height = height;
    image->layout = layout;
    return CIO_OK;
}

cio_status cio_whole_image_select(cio_whole_image *image, const cio_decode_options *options,
                                  cio_decode_geometry *geometry, cio_message *message) {
    image->x = 0;
    image->y = 0;
    image->region_width = image->width;
    image->region_height = image->height;
    if (options->has_region) {
        const uint32_t x = options->region_x, y = options->region_y;
        const uint32_t w = options->region_width, h = options->region_height;
        if (w == 0 || h == 0 || x > image->width || w > image->width - x || y > image->height ||
            h > image->height - y) {
            cio_set_message(message, "region %ux%u+%u+%u is outside the %ux%u image", w, h, x, y, image->width,
                            image->height);
            return CIO_INVALID_ARGUMENT;
        }
        image->x = x;
        image->y = y;
        image->region_width = w;
        image->region_height = h;
    }
    image->delivered = 0;
    geometry->scaled_width = image->width;
    geometry->scaled_height = image->height;
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
    const size_t offset = (size_t)image->x * channels, length = (size_t)image->region_width * channels;
    *rows_read = 0;
    while (*rows_read < max_rows && image->delivered < image->region_height) {
        const uint8_t *source = image->pixels + (size_t)(image->y + image->delivered) * row_bytes + offset;
        memcpy(rows + (size_t)*rows_read * stride, source, length);
        image->delivered++;
        (*rows_read)++;
    }
}

void cio_whole_image_release(cio_whole_image *image) {
    free(image->pixels);
    image->pixels = NULL;
}
