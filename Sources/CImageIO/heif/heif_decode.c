/* HEIF decoding: the primary image, upright, as interleaved 8-bit RGB(A). A grid of HEVC tiles
 * without alpha decodes tile by tile (only the tiles the region needs, on the threads allowed); any
 * other HEVC image whole through libheif; an AV1 one through libavif. */
#include "heif/heif_reader.h"
#include "heif/heif_av1_route.h"
#include "heif/heif_tiles.h"
#include "bmff.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libheif and libde265 decode a file whose last box is cut short (the missing coded data concealed):
 * the cut is found here, an error when truncation fails the decode and a warning when it does not. */
static cio_status check_complete(const uint8_t *data, size_t size, int fail_on_truncation, cio_warnings *warnings,
                                 cio_message *message) {
    cio_bmff_span file = {data, size}, payload;
    char type[4], cut[4] = {0};
    while (cio_bmff_next_box(&file, type, &payload, cut)) continue;
    if (cut[0] == 0) return CIO_OK;
    char text[CIO_MESSAGE_CAPACITY];
    snprintf(text, sizeof text, "truncated HEIF data (the '%.4s' box runs past the end of the file)", cut);
    if (fail_on_truncation) {
        cio_set_message(message, "%s", text);
        return CIO_TRUNCATED;
    }
    cio_warnings_add(warnings, text);
    return CIO_OK;
}

static cio_status copy_pixels(const struct heif_image *decoded, cio_whole_image *image, cio_message *message) {
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride);
    const int width = heif_image_get_width(decoded, heif_channel_interleaved);
    const int height = heif_image_get_height(decoded, heif_channel_interleaved);
    const size_t row = (size_t)image->width * image->layout;
    if (plane == NULL || width != (int)image->width || height != (int)image->height || stride < 0 ||
        (size_t)stride < row) {
        cio_set_message(message, "corrupt HEIF: the decoded image is %dx%d, its header says %ux%u", width, height,
                        image->width, image->height);
        return CIO_CORRUPT;
    }
    for (uint32_t y = 0; y < image->height; y++) memcpy(image->pixels + y * row, plane + (size_t)y * stride, row);
    return CIO_OK;
}

/* The whole primary image through libheif (which applies clap, irot and imir itself). */
static cio_status decode_whole(const cio_heif_file *file, int threads, cio_whole_image *image, cio_message *message) {
    struct heif_decoding_options *decoding = heif_decoding_options_alloc();
    if (decoding == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    heif_context_set_max_decoding_threads(file->context, threads > 1 ? threads : 0);
    decoding->convert_hdr_to_8bit = 1;
    const enum heif_chroma chroma = file->has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
    struct heif_image *decoded = NULL;
    struct heif_error error = heif_decode_image(file->handle, &decoded, heif_colorspace_RGB, chroma, decoding);
    heif_decoding_options_free(decoding);
    cio_status status = error.code == heif_error_Ok ? CIO_OK : cio_heif_failure(error, "decoding the image", message);
    if (status == CIO_OK) {
        status = cio_whole_image_allocate(image, file->width, file->height, file->has_alpha ? CIO_RGBA8 : CIO_RGB8, message);
        if (status == CIO_OK) status = copy_pixels(decoded, image, message);
        if (status != CIO_OK) cio_whole_image_release(image);
    }
    if (decoded != NULL) heif_image_release(decoded);
    return status;
}

/* The options' region (or the whole image) of a grid, from the tiles it needs. */
static cio_status decode_grid(const cio_heif_items *items, const cio_heif_grid *grid, const cio_heif_file *file,
                              const cio_decode_options *options, cio_warnings *warnings, cio_whole_image *image,
                              cio_message *message) {
    cio_heif_placement placement;
    cio_status status = cio_heif_placement_of(items, items->primary, grid->width, grid->height, &placement, message);
    if (status != CIO_OK) return status;
    if (placement.width != file->width || placement.height != file->height) {
        cio_set_message(message, "corrupt HEIF: the decoded image is %ux%u, its header says %ux%u", placement.width,
                        placement.height, file->width, file->height);
        return CIO_CORRUPT;
    }
    status = cio_check_pixel_limit(grid->tile_width, grid->tile_height, options->max_pixels, message);
    if (status != CIO_OK) return status;
    cio_heif_rect region = {0, 0, file->width, file->height};
    if (options->has_region) {
        region = (cio_heif_rect){options->region_x, options->region_y, options->region_width, options->region_height};
        if (region.width == 0 || region.height == 0 || region.x > file->width || region.width > file->width - region.x ||
            region.y > file->height || region.height > file->height - region.y) {
            cio_set_message(message, "region %ux%u+%u+%u is outside the %ux%u image", region.width, region.height,
                            region.x, region.y, file->width, file->height);
            return CIO_INVALID_ARGUMENT;
        }
    }
    return cio_heif_decode_tiles(items, file->context, grid, &placement, region, options, warnings, image, message);
}

/* An AV1 image in a HEIF without the avif brand, through libavif. */
static cio_status decode_av1(const uint8_t *data, size_t size, const cio_decode_options *options,
                             cio_warnings *warnings, cio_whole_image *image, cio_message *message) {
    uint8_t *avif = cio_heif_as_avif(data, size);
    if (avif == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    const cio_status status = cio_avif_decode(avif, size, options, warnings, image, message);
    free(avif);
    return status;
}

cio_status cio_heif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                           cio_warnings *warnings, cio_whole_image *image, cio_message *message) {
    cio_heif_items items;
    const int listed = cio_heif_items_read(data, size, &items);
    if (listed && cio_heif_is_av1(&items)) return decode_av1(data, size, options, warnings, image, message);
    cio_heif_grid grid = {0};
    int tiled = 0;
    cio_status status = listed ? cio_heif_grid_read(&items, &grid, &tiled, message) : CIO_OK;
    if (status != CIO_OK) return status;
    /* libheif hands out handles for top-level items only: the tile route reads a copy whose tiles are not hidden */
    uint8_t *unhidden = tiled ? cio_heif_tiles_unhidden(data, size, &grid) : NULL;
    if (tiled && unhidden == NULL) {
        cio_heif_grid_release(&grid);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    cio_heif_file file;
    status = cio_heif_open(unhidden != NULL ? unhidden : data, size, &file, message);
    if (status == CIO_OK) {
        status = check_complete(data, size, options->fail_on_truncation, warnings, message);
        /* both the coded size (what the decoder allocates) and the upright one must be within the limit */
        if (status == CIO_OK) status = cio_check_pixel_limit(file.coded_width, file.coded_height, options->max_pixels, message);
        if (status == CIO_OK) status = cio_check_pixel_limit(file.width, file.height, options->max_pixels, message);
        if (status == CIO_OK) {
            status = tiled && !file.has_alpha ? decode_grid(&items, &grid, &file, options, warnings, image, message)
                                              : decode_whole(&file, options->threads, image, message);
        }
        cio_heif_close(&file);
    }
    free(unhidden);
    cio_heif_grid_release(&grid);
    return status;
}
