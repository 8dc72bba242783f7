/* HEIF decoding through libheif: the primary image, upright, as interleaved 8-bit RGB(A). */
#include "heif/heif_reader.h"
#include "bmff.h"
#include <stdio.h>
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

cio_status cio_heif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                           cio_warnings *warnings, cio_whole_image *image, cio_message *message) {
    cio_heif_file file;
    cio_status status = cio_heif_open(data, size, &file, message);
    if (status != CIO_OK) return status;
    status = check_complete(data, size, options->fail_on_truncation, warnings, message);
    /* both the coded size (what the decoder allocates) and the upright one must be within the limit */
    if (status == CIO_OK) status = cio_check_pixel_limit(file.coded_width, file.coded_height, options->max_pixels, message);
    if (status == CIO_OK) status = cio_check_pixel_limit(file.width, file.height, options->max_pixels, message);
    struct heif_decoding_options *decoding = status == CIO_OK ? heif_decoding_options_alloc() : NULL;
    if (status == CIO_OK && decoding == NULL) {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    }
    struct heif_image *decoded = NULL;
    if (status == CIO_OK) {
        decoding->convert_hdr_to_8bit = 1;
        const enum heif_chroma chroma = file.has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
        struct heif_error error = heif_decode_image(file.handle, &decoded, heif_colorspace_RGB, chroma, decoding);
        if (error.code != heif_error_Ok) status = cio_heif_failure(error, "decoding the image", message);
    }
    heif_decoding_options_free(decoding);
    if (status == CIO_OK) {
        status = cio_whole_image_allocate(image, file.width, file.height, file.has_alpha ? CIO_RGBA8 : CIO_RGB8, message);
        if (status == CIO_OK) status = copy_pixels(decoded, image, message);
        if (status != CIO_OK) cio_whole_image_release(image);
    }
    if (decoded != NULL) heif_image_release(decoded);
    cio_heif_close(&file);
    return status;
}
