/* The public row decoder: dispatches by magic bytes to the JPEG or PNG row decoder, or decodes a
 * WebP, AVIF, HEIF or GIF whole and serves its rows. */
#include "internal.h"
#include "colour/colour_transform.h"
#include <stdlib.h>

struct cio_decoder {
    cio_format format;
    cio_jpeg_decoder *jpeg;
    cio_png_decoder *png;
    cio_whole_image whole;        /* WebP, AVIF, HEIF, GIF */
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

static const char *format_name(cio_format format) {
    switch (format) {
    case CIO_FORMAT_WEBP: return "WebP";
    case CIO_FORMAT_AVIF: return "AVIF";
    case CIO_FORMAT_HEIF: return "HEIF";
    default: return "GIF";
    }
}

static cio_status open_format(const uint8_t *data, size_t size, const cio_decode_options *options, cio_decoder *d,
                              cio_decode_geometry *geometry, cio_message *message) {
    cio_status status;
    switch (d->format) {
    case CIO_FORMAT_JPEG: return cio_jpeg_decoder_open(data, size, options, &d->warnings, &d->jpeg, geometry, message);
    case CIO_FORMAT_PNG: return cio_png_decoder_open(data, size, options, &d->warnings, &d->png, geometry, message);
    case CIO_FORMAT_WEBP: status = cio_webp_decode(data, size, options, &d->warnings, &d->whole, message); break;
    case CIO_FORMAT_AVIF: status = cio_avif_decode(data, size, options, &d->warnings, &d->whole, message); break;
    case CIO_FORMAT_HEIF: status = cio_heif_decode(data, size, options, &d->warnings, &d->whole, message); break;
    default: status = cio_gif_decode(data, size, options, &d->warnings, &d->whole, message); break;
    }
    return status == CIO_OK ? cio_whole_image_select(&d->whole, options, geometry, message) : status;
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
        cio_set_message(message, size == 0 ? "empty file" : "unsupported: not a JPEG, PNG, WebP, AVIF, HEIF or GIF file");
        return CIO_UNSUPPORTED;
    }
    if (format != CIO_FORMAT_JPEG && format != CIO_FORMAT_PNG && format != CIO_FORMAT_WEBP && options->scale_denominator != 1) {
        cio_set_message(message, "%s decoding has no 1/%d scaling", format_name(format), options->scale_denominator);
        return CIO_INVALID_ARGUMENT;
    }
    cio_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    decoder->format = format;
    decoder->whole.store = options->pixel_store;
    geometry->sixteen_bit = 0;
    cio_status status = open_format(data, size, options, decoder, geometry, message);
    if (status != CIO_OK) {
        cio_whole_image_release(&decoder->whole);
        free(decoder);
        return status;
    }
    decoder->layout = (size_t)geometry->layout;
    decoder->row_bytes = (size_t)geometry->width * decoder->layout * (geometry->sixteen_bit ? 2 : 1);
    if (options->to_srgb && !geometry->sixteen_bit) decoder->to_srgb = srgb_transform(data, size, geometry->layout, &decoder->warnings);
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
    cio_status status = CIO_OK;
    if (decoder->format == CIO_FORMAT_JPEG) {
        status = cio_jpeg_decoder_read_rows(decoder->jpeg, rows, stride, max_rows, rows_read, message);
    } else if (decoder->format == CIO_FORMAT_PNG) {
        status = cio_png_decoder_read_rows(decoder->png, rows, stride, max_rows, rows_read, message);
    } else {
        cio_whole_image_read_rows(&decoder->whole, rows, stride, max_rows, rows_read);
    }
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

cio_status cio_decoder_block_means(const cio_decoder *decoder, uint8_t *pixels, size_t capacity, uint32_t *width,
                                   uint32_t *height, cio_layout *layout, cio_message *message) {
    if (decoder->jpeg == NULL) {
        cio_set_message(message, "only a JPEG has block means");
        return CIO_UNSUPPORTED;
    }
    return cio_jpeg_decoder_block_means(decoder->jpeg, pixels, capacity, width, height, layout, message);
}

void cio_decoder_close(cio_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->jpeg != NULL) cio_jpeg_decoder_close(decoder->jpeg);
    if (decoder->png != NULL) cio_png_decoder_close(decoder->png);
    cio_whole_image_release(&decoder->whole);
    cio_colour_transform_release(decoder->to_srgb);
    free(decoder);
}
