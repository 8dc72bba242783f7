/* The public row decoder: dispatches to the JPEG or PNG decoder by magic bytes. */
#include "internal.h"
#include "colour/colour_transform.h"
#include <stdlib.h>

struct cio_decoder {
    cio_format format;
    cio_jpeg_decoder *jpeg;
    cio_png_decoder *png;
    cio_warnings warnings;
    size_t layout;                /* bytes per pixel */
    size_t row_bytes;             /* width * layout of the region: the smallest valid stride */
    const cio_colour_transform *to_srgb;   /* applied in place to every row; NULL: none needed */
};

/* The transform from the file's ICC profile to sRGB; CMYK JPEGs are sRGB already (their decoder
 * converts them). Reading the header a second time costs little next to decoding. */
static const cio_colour_transform *srgb_transform(const uint8_t *data, size_t size, cio_layout layout,
                                                  cio_warnings *warnings) {
    cio_info info = {0};
    cio_message message;
    if (cio_probe(data, size, &info, &message) != CIO_OK) return NULL;
    const int cmyk = info.format == CIO_FORMAT_JPEG && info.channels == 4;
    const cio_colour_transform *transform =
        cmyk ? NULL : cio_colour_transform_to_srgb(info.icc, info.icc_size, layout, warnings);
    cio_info_release(&info);
    return transform;
}

cio_status cio_decoder_open(const uint8_t *data, size_t size, const cio_decode_options *options,
                            cio_decoder **out, cio_decode_geometry *geometry, cio_message *message) {
    *out = NULL;
    if (options->scale_denominator != 1 && options->scale_denominator != 2 &&
        options->scale_denominator != 4 && options->scale_denominator != 8) {
        cio_set_message(message, "scale denominator must be 1, 2, 4 or 8 (got %d)", options->scale_denominator);
        return CIO_INVALID_ARGUMENT;
    }
    cio_format format = cio_sniff_format(data, size);
    if (format == CIO_FORMAT_UNKNOWN) {
        cio_set_message(message, size == 0 ? "empty file" : "unsupported: not a JPEG or PNG file");
        return CIO_UNSUPPORTED;
    }
    cio_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    decoder->format = format;
    cio_status status = format == CIO_FORMAT_JPEG
        ? cio_jpeg_decoder_open(data, size, options, &decoder->warnings, &decoder->jpeg, geometry, message)
        : cio_png_decoder_open(data, size, options, &decoder->warnings, &decoder->png, geometry, message);
    if (status != CIO_OK) {
        free(decoder);
        return status;
    }
    decoder->layout = (size_t)geometry->layout;
    decoder->row_bytes = (size_t)geometry->width * decoder->layout;
    if (options->to_srgb) decoder->to_srgb = srgb_transform(data, size, geometry->layout, &decoder->warnings);
    *out = decoder;
    return CIO_OK;
}

cio_status cio_decoder_read_rows(cio_decoder *decoder, uint8_t *rows, size_t stride, uint32_t max_rows,
                                 uint32_t *rows_read, cio_message *message) {
    *rows_read = 0;
    if (rows == NULL || stride < decoder->row_bytes) {
        cio_set_message(message, "row buffer stride %zu is shorter than a decoded row (%zu bytes)", stride,
                        decoder->row_bytes);
        return CIO_INVALID_ARGUMENT;
    }
    cio_status status = decoder->format == CIO_FORMAT_JPEG
        ? cio_jpeg_decoder_read_rows(decoder->jpeg, rows, stride, max_rows, rows_read, message)
        : cio_png_decoder_read_rows(decoder->png, rows, stride, max_rows, rows_read, message);
    if (decoder->to_srgb != NULL) {
        for (uint32_t i = 0; i < *rows_read; i++) {
            uint8_t *row = rows + i * stride;
            cio_colour_transform_apply(decoder->to_srgb, row, row, decoder->row_bytes / decoder->layout);
        }
    }
    return status;
}

int cio_decoder_warning_count(const cio_decoder *decoder) { return decoder->warnings.count; }

const char *cio_decoder_warning(const cio_decoder *decoder, int index) {
    if (index < 0 || index >= decoder->warnings.count) return "";
    return decoder->warnings.items[index].text;
}

void cio_decoder_close(cio_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->jpeg != NULL) cio_jpeg_decoder_close(decoder->jpeg);
    if (decoder->png != NULL) cio_png_decoder_close(decoder->png);
    cio_colour_transform_release(decoder->to_srgb);
    free(decoder);
}
