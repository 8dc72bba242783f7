/* JPEG decoding through libjpeg-turbo: DCT scaling, column cropping, row skipping, early stop. */
#include "jpeg/jpeg_error.h"
#include "jpeg/block_means.h"
#include "jpeg/cmyk.h"
#include "colour/colour_transform.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum {
    BATCH_ROWS = 16,          /* scanlines asked for per jpeg_read_scanlines call */
    MAX_SCANS = 500,          /* more scans than this is a progressive-JPEG bomb */
    BYTES_PER_PIXEL_BUDGET = 4,   /* libjpeg's memory budget per pixel of the pixel limit */
    MIN_MEMORY_BUDGET = 16 << 20,
};

/* Progressive and multi-scan JPEGs need whole-image coefficient buffers (2 bytes per sample,
 * 6 per pixel at 4:4:4), so a small file under the pixel limit could still ask for gigabytes.
 * libjpeg refuses allocations past max_memory_to_use (JERR_NO_BACKING_STORE, reported as
 * CIO_TOO_LARGE). 4 bytes per pixel of the limit admits baseline JPEGs (a few MCU rows) and
 * progressive 4:2:0 (3 bytes per pixel) up to the pixel limit: 1 GiB at the default limit. */
static long memory_budget(uint64_t max_pixels) {
    const uint64_t ceiling = (uint64_t)LONG_MAX / BYTES_PER_PIXEL_BUDGET;
    const uint64_t budget = (max_pixels > ceiling ? ceiling : max_pixels) * BYTES_PER_PIXEL_BUDGET;
    return budget < MIN_MEMORY_BUDGET ? MIN_MEMORY_BUDGET : (long)budget;
}

struct cio_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    cio_jpeg_error error;
    struct jpeg_progress_mgr progress;
    int cmyk, adobe_inverted;
    const cio_colour_transform *cmyk_to_srgb;   /* NULL: the naive formula */
    uint32_t width;           /* columns returned */
    uint32_t decoded_width;   /* columns libjpeg decodes (the crop plus margins) */
    uint32_t skip_columns;    /* decoded columns left of the returned ones */
    int direct;               /* libjpeg writes straight into the caller's rows */
    uint32_t rows_left;       /* region rows not yet returned */
    int done;                 /* finished or aborted: libjpeg must not be called again */
    uint8_t *scratch;         /* BATCH_ROWS decoded rows, when not direct */
    int records_means;        /* block_means is being filled */
    cio_block_means block_means;
};

/* Stops a progressive JPEG with absurdly many scans in bounded time (libjpeg-turbo's advice). */
static void limit_scans(j_common_ptr cinfo) {
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > MAX_SCANS) {
        cio_jpeg_fail(cinfo, CIO_CORRUPT, "corrupt JPEG: more than 500 scans");
    }
}

static void destroy(cio_jpeg_decoder *d) {
    jpeg_destroy_decompress(&d->cinfo);
    cio_block_means_free(&d->block_means);
    cio_colour_transform_release(d->cmyk_to_srgb);
    free(d->scratch);
    free(d);
}

cio_status cio_jpeg_decoder_open(const uint8_t *data, size_t size, const cio_decode_options *options,
                                 cio_warnings *warnings, cio_jpeg_decoder **out,
                                 cio_decode_geometry *geometry, cio_message *message) {
    *out = NULL;
    cio_jpeg_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    d->cinfo.err = cio_jpeg_error_init(&d->error, warnings, options->fail_on_truncation);
    if (setjmp(d->error.jump)) {
        *message = d->error.message;
        cio_status status = d->error.status;
        destroy(d);
        return status;
    }
    jpeg_create_decompress(&d->cinfo);
    d->cinfo.mem->max_memory_to_use = memory_budget(options->max_pixels);
    d->progress.progress_monitor = limit_scans;
    d->cinfo.progress = &d->progress;
    jpeg_mem_src(&d->cinfo, data, (unsigned long)size);
    jpeg_read_header(&d->cinfo, TRUE);

    cio_status status = cio_check_pixel_limit(d->cinfo.image_width, d->cinfo.image_height,
                                              options->max_pixels, message);
    if (status != CIO_OK) {
        destroy(d);
        return status;
    }
    cio_layout layout = CIO_RGB8;
    switch (d->cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
        d->cinfo.out_color_space = JCS_GRAYSCALE;
        layout = CIO_GRAY8;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        d->cinfo.out_color_space = JCS_CMYK;
        d->cmyk = 1;
        d->adobe_inverted = d->cinfo.saw_Adobe_marker;
        d->cmyk_to_srgb = cio_jpeg_cmyk_transform(data, size, d->adobe_inverted, warnings);
        break;
    default:
        d->cinfo.out_color_space = JCS_EXT_RGB;
        break;
    }
    d->cinfo.scale_num = 1;
    d->cinfo.scale_denom = (unsigned int)options->scale_denominator;
    d->cinfo.do_fancy_upsampling = options->replicate_chroma ? FALSE : TRUE;
    jpeg_calc_output_dimensions(&d->cinfo);
    uint32_t scaled_width = d->cinfo.output_width, scaled_height = d->cinfo.output_height;
    uint32_t x = 0, y = 0, width = scaled_width, height = scaled_height;
    if (options->has_region) {
        x = options->region_x; y = options->region_y;
        width = options->region_width; height = options->region_height;
        if (width == 0 || height == 0 || x > scaled_width || width > scaled_width - x ||
            y > scaled_height || height > scaled_height - y) {
            cio_set_message(message, "region %ux%u+%u+%u is outside the %ux%u image", width, height, x, y,
                            scaled_width, scaled_height);
            destroy(d);
            return CIO_INVALID_ARGUMENT;
        }
    }
    jpeg_start_decompress(&d->cinfo);
    JDIMENSION decoded_x = 0, decoded_width = scaled_width;
    if (x != 0 || width != scaled_width) {
        /* jpeg_crop_scanline aligns the left edge to an iMCU and treats both crop edges as image
         * edges, so fancy upsampling changes the edge columns. Cropping one iMCU wider on each
         * side keeps the returned columns [x, x + width) identical to a full decode. */
        JDIMENSION margin = (JDIMENSION)(d->cinfo.max_h_samp_factor * d->cinfo.min_DCT_scaled_size);
        decoded_x = x > margin ? x - margin : 0;
        JDIMENSION right = width + x + margin < scaled_width ? x + width + margin : scaled_width;
        decoded_width = right - decoded_x;
        jpeg_crop_scanline(&d->cinfo, &decoded_x, &decoded_width);
        if (decoded_x > x || decoded_x + decoded_width < x + width) {
            cio_jpeg_fail((j_common_ptr)&d->cinfo, CIO_CORRUPT, "corrupt JPEG: column crop failed");
        }
    }
    if (y > 0) {
        JDIMENSION skipped = jpeg_skip_scanlines(&d->cinfo, y);
        if (skipped != y) cio_jpeg_fail((j_common_ptr)&d->cinfo, CIO_CORRUPT, "corrupt JPEG: cannot skip rows");
    }
    if (options->record_block_means && !options->has_region && cio_block_means_supported(&d->cinfo)) {
        status = cio_block_means_start(&d->block_means, &d->cinfo, message);
        if (status != CIO_OK) {
            destroy(d);
            return status;
        }
        d->records_means = 1;
    }
    d->decoded_width = decoded_width;
    d->skip_columns = x - decoded_x;
    d->direct = !d->cmyk && decoded_width == width;
    if (!d->direct) {
        d->scratch = malloc((size_t)decoded_width * (size_t)d->cinfo.output_components * BATCH_ROWS);
        if (d->scratch == NULL) cio_jpeg_fail((j_common_ptr)&d->cinfo, CIO_OUT_OF_MEMORY, "out of memory");
    }
    d->width = width;
    d->rows_left = height;
    geometry->scaled_width = scaled_width;
    geometry->scaled_height = scaled_height;
    geometry->x = x;
    geometry->y = y;
    geometry->width = width;
    geometry->height = height;
    geometry->layout = layout;
    *out = d;
    return CIO_OK;
}

/* Whether the entropy-coded data from `p` reaches an EOI marker: a scan for markers (stuffed zeros,
 * fill bytes and restart markers skipped, other segments stepped over by their length) that reads no
 * Huffman code, so a crop that stops decoding early still refuses a truncated file cheaply. Multi-scan
 * files need no such scan: libjpeg reads them whole before the first row. */
int cio_jpeg_reaches_eoi(const uint8_t *p, size_t size) {
    const uint8_t *end = p + size;
    while (p < end) {
        const uint8_t *mark = memchr(p, 0xFF, (size_t)(end - p));
        if (mark == NULL) return 0;
        p = mark + 1;
        while (p < end && *p == 0xFF) p++;
        if (p >= end) return 0;
        const uint8_t code = *p++;
        if (code == 0xD9) return 1;
        if (code == 0x00 || code == 0x01 || (code >= 0xD0 && code <= 0xD7)) continue;
        if (end - p < 2) return 0;
        p += (size_t)p[0] << 8 | p[1];   /* a marker segment (DNL, COM, APPn, DHT, SOS of a next scan) */
    }
    return 0;
}

cio_status cio_jpeg_decoder_read_rows(cio_jpeg_decoder *d, uint8_t *rows, size_t stride, uint32_t max_rows,
                                      uint32_t *rows_read, cio_message *message) {
    *rows_read = 0;
    if (d->done) return CIO_OK;
    if (setjmp(d->error.jump)) {
        d->done = 1;
        d->rows_left = 0;
        *message = d->error.message;
        return d->error.status;
    }
    while (*rows_read < max_rows && d->rows_left > 0) {
        JSAMPROW pointers[BATCH_ROWS];
        uint32_t n = max_rows - *rows_read;
        if (n > d->rows_left) n = d->rows_left;
        if (n > BATCH_ROWS) n = BATCH_ROWS;
        const size_t components = (size_t)d->cinfo.output_components;
        for (uint32_t i = 0; i < n; i++) {
            pointers[i] = d->direct ? rows + (*rows_read + i) * stride
                                    : d->scratch + (size_t)i * d->decoded_width * components;
        }
        JDIMENSION got = jpeg_read_scanlines(&d->cinfo, pointers, n);
        if (got == 0) cio_jpeg_fail((j_common_ptr)&d->cinfo, CIO_CORRUPT, "corrupt JPEG: no scanlines returned");
        for (JDIMENSION i = 0; i < got && !d->direct; i++) {
            const uint8_t *source = pointers[i] + (size_t)d->skip_columns * components;
            uint8_t *target = rows + (*rows_read + i) * stride;
            if (d->cmyk_to_srgb) cio_colour_transform_apply(d->cmyk_to_srgb, source, target, d->width);
            else if (d->cmyk) cio_cmyk_to_rgb(source, target, d->width, d->adobe_inverted);
            else memcpy(target, source, (size_t)d->width * components);
        }
        *rows_read += got;
        d->rows_left -= got;
    }
    if (d->rows_left == 0) {
        d->done = 1;
        if (d->cinfo.output_scanline == d->cinfo.output_height) {
            jpeg_finish_decompress(&d->cinfo);
        } else {
            int complete = jpeg_input_complete(&d->cinfo) || d->cinfo.unread_marker == JPEG_EOI ||
                           cio_jpeg_reaches_eoi(d->cinfo.src->next_input_byte, d->cinfo.src->bytes_in_buffer);
            jpeg_abort_decompress(&d->cinfo);
            if (!complete) {
                if (d->error.fail_on_damage) {
                    cio_set_message(message, "truncated JPEG data (no end-of-image marker after the entropy-coded data)");
                    return CIO_TRUNCATED;
                }
                cio_warnings_add(d->error.warnings, "truncated JPEG data past the rows this crop reads");
            }
        }
    }
    return CIO_OK;
}

cio_status cio_jpeg_decoder_block_means(const cio_jpeg_decoder *d, uint8_t *pixels, size_t capacity,
                                        uint32_t *width, uint32_t *height, cio_layout *layout, cio_message *message) {
    if (!d->records_means) {
        cio_set_message(message, "no block means were recorded");
        return CIO_UNSUPPORTED;
    }
    return cio_block_means_image(&d->block_means, pixels, capacity, width, height, layout, message);
}

void cio_jpeg_decoder_close(cio_jpeg_decoder *d) {
    if (d != NULL) destroy(d);
}
