/* PNG decoding through libpng: 8-bit output (16-bit when asked, from a 16-bit file), row region (non-interlaced rows stop early),
 * Adam7 images decoded whole then served row by row. */
#include "png/png_reader.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cio_png_decoder {
    png_structp png;
    png_infop info;
    cio_png_source source;
    int fail_on_truncation;
    int interlaced;
    uint32_t full_height;
    size_t row_bytes;            /* one full decoded row */
    uint32_t x, y, width, height, channels;
    size_t pixel_bytes;          /* channels, twice that for 16-bit samples */
    uint32_t next_file_row;      /* non-interlaced: the next row libpng will return */
    uint32_t delivered;          /* region rows returned so far */
    uint8_t *row;                /* non-interlaced: one full row */
    uint8_t *image;              /* interlaced: the whole image */
    png_bytepp image_rows;
    int image_read;
    int truncated;               /* accepted truncation: rows from `recovered` on are zero */
    uint32_t recovered;          /* non-interlaced, truncated: rows decoded whole before the data ran out */
    uint8_t *closed_copy;        /* --fail-on none, cut file: the copy decoded instead (see cio_png_close_truncated) */
    int done;
};

static void destroy(cio_png_decoder *d) {
    png_destroy_read_struct(&d->png, &d->info, NULL);
    free(d->row);
    free(d->image);
    free(d->image_rows);
    free(d->closed_copy);
    free(d);
}

cio_status cio_png_decoder_open(const uint8_t *data, size_t size, const cio_decode_options *options,
                                cio_warnings *warnings, cio_png_decoder **out,
                                cio_decode_geometry *geometry, cio_message *message) {
    *out = NULL;
    if (options->scale_denominator != 1) {
        cio_set_message(message, "PNG decoding has no 1/%d scaling", options->scale_denominator);
        return CIO_INVALID_ARGUMENT;
    }
    cio_png_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    d->source.data = data;
    d->source.size = size;
    size_t closed_size = 0;
    if (!options->fail_on_truncation && cio_png_close_truncated(data, size, &d->closed_copy, &closed_size)) {
        d->source.data = d->closed_copy;
        d->source.size = closed_size;
    }
    d->source.warnings = warnings;
    d->fail_on_truncation = options->fail_on_truncation;
    d->png = cio_png_create_reader(&d->source, &d->info);
    if (d->png == NULL) {
        free(d->closed_copy);
        free(d);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(d->png))) {
        *message = d->source.message;
        cio_status status = d->source.status;
        destroy(d);
        return status;
    }
    png_read_info(d->png, d->info);
    /* libpng warns about profile oddities it accepts (PCS illuminant not D50): the profile is kept
     * (the probe returns it), so only a dropped profile is worth a warning */
    if (png_get_valid(d->png, d->info, PNG_INFO_iCCP)) cio_warnings_remove_containing(warnings, "ICC profile dropped");
    uint32_t width = png_get_image_width(d->png, d->info), height = png_get_image_height(d->png, d->info);
    cio_status status = cio_check_pixel_limit(width, height, options->max_pixels, message);
    if (status != CIO_OK) {
        destroy(d);
        return status;
    }
    d->x = 0; d->y = 0; d->width = width; d->height = height;
    if (options->has_region) {
        d->x = options->region_x; d->y = options->region_y;
        d->width = options->region_width; d->height = options->region_height;
        if (d->width == 0 || d->height == 0 || d->x > width || d->width > width - d->x ||
            d->y > height || d->height > height - d->y) {
            cio_set_message(message, "region %ux%u+%u+%u is outside the %ux%u image", d->width, d->height,
                            d->x, d->y, width, height);
            destroy(d);
            return CIO_INVALID_ARGUMENT;
        }
    }
    cio_png_limit_idat_tail(d->png, d->info, &d->source);
    cio_layout layout = cio_png_output_layout(d->png, d->info);
    const int sixteen = cio_png_set_transforms(d->png, d->info, options->keep_16 && !options->to_srgb);
    d->interlaced = png_set_interlace_handling(d->png) > 1;
    png_read_update_info(d->png, d->info);
    d->channels = png_get_channels(d->png, d->info);
    d->row_bytes = png_get_rowbytes(d->png, d->info);
    d->pixel_bytes = (size_t)d->channels * (sixteen ? 2 : 1);
    if (d->channels != (uint32_t)layout || png_get_bit_depth(d->png, d->info) != (sixteen ? 16 : 8) ||
        d->row_bytes != (size_t)width * d->pixel_bytes) {
        cio_set_message(message, "unsupported: PNG transform produced an unexpected layout");
        destroy(d);
        return CIO_UNSUPPORTED;
    }
    d->full_height = height;
    if (d->interlaced) {
        if (d->row_bytes != 0 && height > SIZE_MAX / d->row_bytes) {
            cio_set_message(message, "image too large for memory");
            destroy(d);
            return CIO_TOO_LARGE;
        }
        d->image = calloc(height, d->row_bytes);
        d->image_rows = malloc(sizeof(png_bytep) * height);
    } else {
        d->row = malloc(d->row_bytes);
    }
    if ((d->interlaced && (d->image == NULL || d->image_rows == NULL)) || (!d->interlaced && d->row == NULL)) {
        cio_set_message(message, "out of memory");
        destroy(d);
        return CIO_OUT_OF_MEMORY;
    }
    geometry->scaled_width = width;
    geometry->scaled_height = height;
    geometry->x = d->x;
    geometry->y = d->y;
    geometry->width = d->width;
    geometry->height = d->height;
    geometry->layout = layout;
    geometry->sixteen_bit = sixteen;
    *out = d;
    return CIO_OK;
}

/* Called after a libpng error: keeps going if truncation is accepted. Rows libpng finished before
 * the data ran out are kept (the current one too when only the stream's end was missing); the
 * rest are zero. */
static int accept_failure(cio_png_decoder *d) {
    if (d->source.status != CIO_TRUNCATED || d->fail_on_truncation) return 0;
    d->truncated = 1;
    char line[CIO_MESSAGE_CAPACITY];
    if (d->interlaced) {
        snprintf(line, sizeof line, "truncated PNG data: interlaced passes incomplete, missing pixels are black");
    } else {
        d->recovered = png_get_current_row_number(d->png);
        if (d->recovered > d->next_file_row) d->next_file_row++;   /* that row is whole in d->row */
        snprintf(line, sizeof line, "truncated PNG data: %u of %u rows recovered, the rest are black",
                 d->recovered, d->full_height);
    }
    cio_warnings_add(d->source.warnings, line);
    return 1;
}

cio_status cio_png_decoder_read_rows(cio_png_decoder *d, uint8_t *rows, size_t stride, uint32_t max_rows,
                                     uint32_t *rows_read, cio_message *message) {
    *rows_read = 0;
    if (setjmp(png_jmpbuf(d->png))) {
        if (!accept_failure(d)) {
            d->done = 1;
            d->delivered = d->height;
            *message = d->source.message;
            return d->source.status;
        }
    }
    if (d->interlaced && !d->image_read && !d->truncated) {
        d->image_read = 1;
        for (uint32_t i = 0; i < d->full_height; i++) d->image_rows[i] = d->image + (size_t)i * d->row_bytes;
        png_read_image(d->png, d->image_rows);
    }
    const size_t offset = (size_t)d->x * d->pixel_bytes, length = (size_t)d->width * d->pixel_bytes;
    while (*rows_read < max_rows && d->delivered < d->height) {
        uint32_t file_row = d->y + d->delivered;
        const uint8_t *source;
        if (d->interlaced) {
            source = d->image + (size_t)file_row * d->row_bytes;
        } else {
            if (d->truncated) {
                if (file_row + 1 != d->next_file_row || file_row >= d->recovered) memset(d->row, 0, d->row_bytes);
            } else {
                while (d->next_file_row <= file_row) {
                    png_read_row(d->png, d->row, NULL);
                    d->next_file_row++;
                }
            }
            source = d->row;
        }
        memcpy(rows + (size_t)*rows_read * stride, source + offset, length);
        d->delivered++;
        (*rows_read)++;
    }
    if (d->delivered == d->height && !d->done) {
        d->done = 1;
        if (d->truncated) return CIO_OK;
        /* a decode that reaches the last row also checks the rest: IDAT end, Adler-32, CRCs, IEND */
        if (d->y + d->height == d->full_height) {
            png_read_end(d->png, NULL);
            if (d->closed_copy != NULL) {
                char line[CIO_MESSAGE_CAPACITY];
                snprintf(line, sizeof line, "truncated PNG data after the image data: all %u rows recovered",
                         d->full_height);
                cio_warnings_add(d->source.warnings, line);
            }
            return CIO_OK;
        }
        if (d->closed_copy != NULL) {
            cio_warnings_add(d->source.warnings, "truncated PNG data, past the rows this crop reads");
            return CIO_OK;
        }
        /* one that stops early walks the chunks it skips, so the verdict never depends on the crop */
        cio_message problem = {0};
        cio_status status = cio_png_check_structure(d->source.data, d->source.size, d->source.offset, &problem);
        if (status != CIO_OK) {
            if (d->fail_on_truncation) {
                *message = problem;
                return status;
            }
            char line[CIO_MESSAGE_CAPACITY + 32];
            snprintf(line, sizeof line, "%s, past the rows this crop reads", problem.text);
            cio_warnings_add(d->source.warnings, line);
        }
    }
    return CIO_OK;
}

void cio_png_decoder_close(cio_png_decoder *d) {
    if (d != NULL) destroy(d);
}
