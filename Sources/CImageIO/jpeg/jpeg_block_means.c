/* A JPEG's block means without the rest of its decode: libjpeg at 1/8 scale (1x1 and 2x2 inverse
 * transforms, a small output), the means recorded on the way as a full decode records them. */
#include "jpeg/jpeg_error.h"
#include "jpeg/block_means.h"
#include <stdlib.h>

enum { MEANS_BATCH_ROWS = 16 };

typedef struct {
    struct jpeg_decompress_struct cinfo;
    cio_jpeg_error error;
    cio_warnings dropped;
    cio_block_means means;
    uint8_t *rows;
} means_decoder;

static void release(means_decoder *d) {
    jpeg_destroy_decompress(&d->cinfo);
    cio_block_means_free(&d->means);
    free(d->rows);
    free(d);
}

cio_status cio_jpeg_block_means(const uint8_t *data, size_t size, const cio_decode_options *options, uint8_t *pixels,
                                size_t capacity, uint32_t *width, uint32_t *height, cio_layout *layout,
                                cio_message *message) {
    means_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    d->cinfo.err = cio_jpeg_error_init(&d->error, &d->dropped, options->fail_on_truncation);
    if (setjmp(d->error.jump)) {
        *message = d->error.message;
        const cio_status status = d->error.status;
        release(d);
        return status;
    }
    jpeg_create_decompress(&d->cinfo);
    jpeg_mem_src(&d->cinfo, data, (unsigned long)size);
    jpeg_read_header(&d->cinfo, TRUE);
    cio_status status = cio_check_pixel_limit(d->cinfo.image_width, d->cinfo.image_height, options->max_pixels, message);
    if (status == CIO_OK && (jpeg_has_multiple_scans(&d->cinfo) || !cio_block_means_supported(&d->cinfo))) {
        cio_set_message(message, "block means are read alone only from a one-scan grey, YCbCr or RGB JPEG");
        status = CIO_UNSUPPORTED;
    }
    if (status != CIO_OK) {
        release(d);
        return status;
    }
    d->cinfo.out_color_space = d->cinfo.jpeg_color_space == JCS_GRAYSCALE ? JCS_GRAYSCALE : JCS_RGB;
    d->cinfo.scale_num = 1;
    d->cinfo.scale_denom = 8;
    d->cinfo.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&d->cinfo);
    status = cio_block_means_start(&d->means, &d->cinfo, message);
    const size_t row_bytes = (size_t)d->cinfo.output_width * (size_t)d->cinfo.output_components;
    d->rows = status == CIO_OK ? malloc(row_bytes * MEANS_BATCH_ROWS) : NULL;
    if (status == CIO_OK && d->rows == NULL) {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    }
    if (status != CIO_OK) {
        release(d);
        return status;
    }
    JSAMPROW pointers[MEANS_BATCH_ROWS];
    for (int i = 0; i < MEANS_BATCH_ROWS; i++) pointers[i] = d->rows + (size_t)i * row_bytes;
    while (d->cinfo.output_scanline < d->cinfo.output_height) {
        if (jpeg_read_scanlines(&d->cinfo, pointers, MEANS_BATCH_ROWS) == 0) {
            cio_jpeg_fail((j_common_ptr)&d->cinfo, CIO_CORRUPT, "corrupt JPEG: no scanlines returned");
        }
    }
    jpeg_finish_decompress(&d->cinfo);
    status = cio_block_means_image(&d->means, pixels, capacity, width, height, layout, message);
    release(d);
    return status;
}
