/* JPEG encoding into a growable memory buffer: libjpeg-turbo from scanlines, or the trellis encoder's
 * coefficients; the same checks, colour space, sampling and markers either way. */
#include "jpeg/jpeg_destination.h"
#include "jpeg/jpeg_markers.h"
#include "jpeg/jpeg_trellis_encode.h"
#include <stdlib.h>
#include <string.h>

enum { MAX_JPEG_DIMENSION = 65500, BATCH_ROWS = 16 };

static void write_scanlines(j_compress_ptr cinfo, const cio_image *image) {
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW rows[BATCH_ROWS];
        JDIMENSION n = cinfo->image_height - cinfo->next_scanline;
        if (n > BATCH_ROWS) n = BATCH_ROWS;
        for (JDIMENSION i = 0; i < n; i++) {
            rows[i] = (JSAMPROW)(image->pixels + (size_t)(cinfo->next_scanline + i) * image->stride);
        }
        jpeg_write_scanlines(cinfo, rows, n);
    }
}

static cio_scan_mode trellis_scan_mode(const cio_jpeg_options *options) {
    if (options->progressive) return CIO_SCANS_PROGRESSIVE;
    return options->sequential ? CIO_SCANS_SEQUENTIAL : CIO_SCANS_BY_SIZE;
}

cio_status cio_encode_jpeg(const cio_image *image, const cio_jpeg_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message) {
    *output = NULL;
    *output_size = 0;
    cio_status status = cio_check_image(image, 0, message);
    if (status != CIO_OK) return status;
    if (image->layout == CIO_GRAY_ALPHA8 || image->layout == CIO_RGBA8) {
        cio_set_message(message, "JPEG cannot hold an alpha channel: flatten the image first");
        return CIO_INVALID_ARGUMENT;
    }
    if (image->width > MAX_JPEG_DIMENSION || image->height > MAX_JPEG_DIMENSION) {
        cio_set_message(message, "JPEG images are at most %d pixels wide and high (got %ux%u)", MAX_JPEG_DIMENSION,
                        image->width, image->height);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->quality < 1 || options->quality > 100) {
        cio_set_message(message, "JPEG quality must be 1...100 (got %d)", options->quality);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->encoder != CIO_JPEG_TURBO && options->encoder != CIO_JPEG_TRELLIS) {
        cio_set_message(message, "unknown JPEG encoder %d", (int)options->encoder);
        return CIO_INVALID_ARGUMENT;
    }
    struct jpeg_compress_struct cinfo;
    cio_jpeg_error error;
    cio_jpeg_memory_destination dest;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&dest, 0, sizeof dest);
    cinfo.err = cio_jpeg_error_init(&error, NULL, 1);
    cio_jpeg_markers markers = cio_jpeg_markers_plan(metadata);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(dest.buffer.bytes);
        cio_jpeg_markers_free(&markers);
        *message = error.message;
        return error.status;
    }
    jpeg_create_compress(&cinfo);
    cio_jpeg_memory_destination_attach(&cinfo, &dest);
    cinfo.image_width = image->width;
    cinfo.image_height = image->height;
    int gray = image->layout == CIO_GRAY8;
    cinfo.input_components = gray ? 1 : 3;
    cinfo.in_color_space = gray ? JCS_GRAYSCALE : JCS_EXT_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, options->quality, TRUE);
    if (!gray) {
        int factor = options->full_chroma ? 1 : 2;
        cinfo.comp_info[0].h_samp_factor = factor;
        cinfo.comp_info[0].v_samp_factor = factor;
        for (int c = 1; c < 3; c++) {
            cinfo.comp_info[c].h_samp_factor = 1;
            cinfo.comp_info[c].v_samp_factor = 1;
        }
    }
    cio_jpeg_markers_prepare(&cinfo, &markers);
    if (options->encoder == CIO_JPEG_TRELLIS) {
        cio_jpeg_start_trellis(&cinfo, image, options->quality, trellis_scan_mode(options));
    } else {
        cinfo.optimize_coding = options->optimize_huffman ? TRUE : FALSE;
        if (options->progressive) jpeg_simple_progression(&cinfo);
        jpeg_start_compress(&cinfo, TRUE);
    }
    cio_jpeg_markers_write(&cinfo, &markers);
    if (options->encoder == CIO_JPEG_TURBO) write_scanlines(&cinfo, image);
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    cio_jpeg_markers_free(&markers);
    *output = dest.buffer.bytes;
    *output_size = dest.buffer.size;
    return CIO_OK;
}
