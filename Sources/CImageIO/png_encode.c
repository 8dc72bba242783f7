/* PNG encoding through libpng into a growable memory buffer. */
#include "internal.h"
#include <png.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    cio_byte_buffer buffer;
    cio_status status;
    cio_message message;
} png_sink;

static void write_data(png_structp png, png_bytep data, size_t length) {
    png_sink *sink = png_get_io_ptr(png);
    if (!cio_byte_buffer_reserve(&sink->buffer, length)) png_error(png, "out of memory");
    memcpy(sink->buffer.bytes + sink->buffer.size, data, length);
    sink->buffer.size += length;
}

static void flush_data(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp text) {
    png_sink *sink = png_get_error_ptr(png);
    if (strstr(text, "out of memory") != NULL) {
        sink->status = CIO_OUT_OF_MEMORY;
        cio_set_message(&sink->message, "out of memory encoding PNG");
    } else {
        sink->status = CIO_INVALID_ARGUMENT;
        cio_set_message(&sink->message, "PNG encoding failed: %s", text);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static int color_type(cio_layout layout) {
    switch (layout) {
    case CIO_GRAY8: return PNG_COLOR_TYPE_GRAY;
    case CIO_GRAY_ALPHA8: return PNG_COLOR_TYPE_GRAY_ALPHA;
    case CIO_RGB8: return PNG_COLOR_TYPE_RGB;
    default: return PNG_COLOR_TYPE_RGB_ALPHA;
    }
}

cio_status cio_encode_png(const cio_image *image, const cio_png_options *options, const cio_metadata *metadata,
                          uint8_t **output, size_t *output_size, cio_message *message) {
    const uint8_t *icc = metadata->icc, *exif = metadata->exif;
    size_t icc_size = icc != NULL ? metadata->icc_size : 0, exif_size = exif != NULL ? metadata->exif_size : 0;
    *output = NULL;
    *output_size = 0;
    cio_status status = cio_check_image(image, message);
    if (status != CIO_OK) return status;
    if (options->compression_level < 0 || options->compression_level > 9) {
        cio_set_message(message, "PNG compression level must be 0...9 (got %d)", options->compression_level);
        return CIO_INVALID_ARGUMENT;
    }
    if (image->width > PNG_UINT_31_MAX || image->height > PNG_UINT_31_MAX || icc_size > PNG_UINT_31_MAX ||
        exif_size > PNG_UINT_31_MAX) {
        cio_set_message(message, "image too large for PNG");
        return CIO_INVALID_ARGUMENT;
    }
    png_sink sink;
    memset(&sink, 0, sizeof sink);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink.buffer.bytes);
        *message = sink.message;
        return sink.status;
    }
    png_set_write_fn(png, &sink, write_data, flush_data);
    png_set_IHDR(png, info, image->width, image->height, 8, color_type(image->layout), PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_compression_level(png, options->compression_level);
    if (options->fast_filters) {
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
        png_set_compression_strategy(png, Z_RLE);
    }
    if (metadata->srgb) png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    else if (icc_size > 0) png_set_iCCP(png, info, "icc", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_size);
    if (exif_size > 0) png_set_eXIf_1(png, info, (png_uint_32)exif_size, (png_bytep)exif);
    png_write_info(png, info);
    for (uint32_t y = 0; y < image->height; y++) {
        png_write_row(png, image->pixels + (size_t)y * image->stride);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *output = sink.buffer.bytes;
    *output_size = sink.buffer.size;
    return CIO_OK;
}
