/* PNG encoding into a growable memory buffer: libpng writes the chunks, png_idat.c the image data. */
#include "internal.h"
#include "png/png_idat.h"
#include "png/rgba_quantizer.h"
#include <png.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    cio_byte_buffer buffer;
    cio_status status;
    cio_message message;
    cio_message last_warning;     /* libpng's last warning: why a chunk was left out */
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

static void on_warning(png_structp png, png_const_charp text) {
    png_sink *sink = png_get_error_ptr(png);
    cio_set_message(&sink->last_warning, "%s", text);
}

enum { IDAT_CHUNK_SIZE = 1 << 20 };

static int color_type(cio_layout layout) {
    switch (layout) {
    case CIO_GRAY8: return PNG_COLOR_TYPE_GRAY;
    case CIO_GRAY_ALPHA8: return PNG_COLOR_TYPE_GRAY_ALPHA;
    case CIO_RGB8: return PNG_COLOR_TYPE_RGB;
    default: return PNG_COLOR_TYPE_RGB_ALPHA;
    }
}

/* What an indexed PNG's header, PLTE and tRNS say. */
typedef struct {
    int bit_depth;                /* 1, 2, 4 or 8: the fewest bits that number every entry */
    int count;
    png_color colours[256];
    png_byte alpha[256];          /* tRNS: the entries up to the last one with alpha below 255 */
    int alpha_count;
} png_palette;

/* One libpng encode with the given metadata around the compressed image data `idat`, truecolour or
 * (`palette` not NULL) indexed; a profile libpng rejects (benign errors are warnings) is left out and
 * noted in `dropped`. */
static cio_status encode_once(const cio_image *image, const png_palette *palette, const uint8_t *idat, size_t idat_size, const uint8_t *icc,
                              size_t icc_size, const uint8_t *exif, size_t exif_size, png_text *texts, int text_count,
                              int srgb, cio_warnings *dropped, uint8_t **output, size_t *output_size, cio_message *message) {
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
    /* profile problems (the HP sRGB profile libpng calls "known incorrect", a bad rendering intent,
     * a PCS other than D50) are warnings: the profile is kept when usable, dropped otherwise */
    png_set_benign_errors(png, 1);
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    const int depth = palette != NULL ? palette->bit_depth : image->sixteen_bit ? 16 : 8;
    png_set_IHDR(png, info, image->width, image->height, depth, palette != NULL ? PNG_COLOR_TYPE_PALETTE : color_type(image->layout),
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (palette != NULL) {
        png_set_PLTE(png, info, palette->colours, palette->count);
        if (palette->alpha_count > 0) png_set_tRNS(png, info, palette->alpha, palette->alpha_count, NULL);
    }
    if (srgb) {
        png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    } else if (icc_size > 0) {
        png_set_iCCP(png, info, "icc", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_size);
        if (!png_get_valid(png, info, PNG_INFO_iCCP)) {
            char line[CIO_MESSAGE_CAPACITY];
            snprintf(line, sizeof line, "ICC profile dropped: libpng: %s", sink.last_warning.text);
            cio_warnings_add(dropped, line);
        }
    }
    if (exif_size > 0) png_set_eXIf_1(png, info, (png_uint_32)exif_size, (png_bytep)exif);
    if (text_count > 0) png_set_text(png, info, texts, text_count);
    png_write_info(png, info);
    /* the data in IDAT chunks of at most 1 MiB, then IEND: what png_write_row and png_write_end
     * would write, without libpng's own filtering and zlib stream */
    for (size_t offset = 0; offset < idat_size; offset += IDAT_CHUNK_SIZE) {
        size_t length = idat_size - offset < IDAT_CHUNK_SIZE ? idat_size - offset : IDAT_CHUNK_SIZE;
        png_write_chunk(png, (png_const_bytep) "IDAT", idat + offset, length);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    *output = sink.buffer.bytes;
    *output_size = sink.buffer.size;
    return CIO_OK;
}

/* The XMP packet as a NUL-terminated iTXt text (libpng takes a C string), malloc'd; NULL if none. */
static char *xmp_text(const cio_metadata *metadata) {
    if (metadata->xmp == NULL || metadata->xmp_size == 0 || memchr(metadata->xmp, 0, metadata->xmp_size) != NULL) return NULL;
    char *text = malloc(metadata->xmp_size + 1);
    if (text == NULL) return NULL;
    memcpy(text, metadata->xmp, metadata->xmp_size);
    text[metadata->xmp_size] = 0;
    return text;
}

/* The IPTC records as exiftool and ImageMagick write them: "\nIPTC profile\n<length>\n", then the
 * Photoshop resource in hex, 72 digits a line; malloc'd, NULL if none. */
static char *iptc_text(const cio_metadata *metadata) {
    if (metadata->iptc == NULL || metadata->iptc_size == 0) return NULL;
    cio_byte_buffer resource = {NULL, 0, 0};
    if (!cio_photoshop_append_iptc(&resource, metadata->iptc, metadata->iptc_size)) return NULL;
    const size_t capacity = 32 + resource.size * 2 + resource.size / 36 + 2;
    char *text = malloc(capacity);
    if (text != NULL) {
        size_t at = (size_t)snprintf(text, capacity, "\nIPTC profile\n%8zu\n", resource.size);
        for (size_t i = 0; i < resource.size; i++) {
            text[at++] = "0123456789abcdef"[resource.bytes[i] >> 4];
            text[at++] = "0123456789abcdef"[resource.bytes[i] & 15];
            if (i % 36 == 35 || i + 1 == resource.size) text[at++] = '\n';
        }
        text[at] = 0;
    }
    free(resource.bytes);
    return text;
}

/* The image as palette indices (`indices`, width bytes a row) and the palette they number. */
static cio_status quantize(const cio_image *image, int colours, png_palette *palette, uint8_t **indices, cio_message *message) {
    const size_t pixels = (size_t)image->width * image->height;
    *indices = pixels <= SIZE_MAX / 4 ? malloc(pixels) : NULL;
    uint8_t *rgba = NULL;
    size_t stride = image->stride;
    if (image->layout != CIO_RGBA8 && *indices != NULL) {
        rgba = malloc(pixels * 4);
        stride = (size_t)image->width * 4;
        for (uint32_t y = 0; rgba != NULL && y < image->height; y++) {
            const uint8_t *p = image->pixels + (size_t)y * image->stride;
            uint8_t *q = rgba + (size_t)y * stride;
            for (uint32_t x = 0; x < image->width; x++, q += 4, p += image->layout) {
                const int grey = image->layout <= CIO_GRAY_ALPHA8;
                q[0] = p[0];
                q[1] = p[grey ? 0 : 1];
                q[2] = p[grey ? 0 : 2];
                q[3] = image->layout == CIO_GRAY_ALPHA8 ? p[1] : 255;
            }
        }
    }
    uint8_t entries[256][4];
    const int count = *indices != NULL && (rgba != NULL || image->layout == CIO_RGBA8)
        ? cio_quantize_rgba(rgba != NULL ? rgba : image->pixels, image->width, image->height, stride, colours, entries, *indices)
        : 0;
    free(rgba);
    if (count == 0) {
        free(*indices);
        *indices = NULL;
        cio_set_message(message, "out of memory encoding PNG");
        return CIO_OUT_OF_MEMORY;
    }
    palette->count = count;
    palette->bit_depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    palette->alpha_count = 0;
    for (int i = 0; i < count; i++) {
        palette->colours[i] = (png_color){entries[i][0], entries[i][1], entries[i][2]};
        palette->alpha[i] = entries[i][3];
        if (entries[i][3] < 255) palette->alpha_count = i + 1;
    }
    return CIO_OK;
}

cio_status cio_encode_png(const cio_image *image, const cio_png_options *options, const cio_metadata *metadata,
                          uint8_t **output, size_t *output_size, cio_message *message) {
    const uint8_t *icc = metadata->icc, *exif = metadata->exif;
    size_t icc_size = icc != NULL ? metadata->icc_size : 0, exif_size = exif != NULL ? metadata->exif_size : 0;
    *output = NULL;
    *output_size = 0;
    cio_status status = cio_check_image(image, 1, message);
    if (status != CIO_OK) return status;
    if (options->compression_level < 0 || options->compression_level > 12) {
        cio_set_message(message, "PNG compression level must be 0...12 (got %d)", options->compression_level);
        return CIO_INVALID_ARGUMENT;
    }
    const int colours = options->palette_colours;
    if (colours != 0 && (colours < 2 || colours > 256)) {
        cio_set_message(message, "PNG palette must have 2...256 colours (got %d)", colours);
        return CIO_INVALID_ARGUMENT;
    }
    if (colours != 0 && image->sixteen_bit) {
        cio_set_message(message, "a palette PNG is written from 8-bit pixels");
        return CIO_INVALID_ARGUMENT;
    }
    if (image->width > PNG_UINT_31_MAX || image->height > PNG_UINT_31_MAX) {
        cio_set_message(message, "image too large for PNG");
        return CIO_INVALID_ARGUMENT;
    }
    if (icc_size > PNG_UINT_31_MAX) {
        cio_warnings_add(metadata->dropped, "ICC profile dropped: too large for a PNG chunk");
        icc_size = 0;
    }
    if (exif_size > 0 && !cio_exif_is_tiff(exif, exif_size, PNG_UINT_31_MAX, metadata->dropped)) exif_size = 0;
    uint8_t *idat;
    size_t idat_size;
    png_palette palette_storage, *palette = colours != 0 ? &palette_storage : NULL;
    if (palette != NULL) {
        uint8_t *indices;
        status = quantize(image, colours, palette, &indices, message);
        if (status != CIO_OK) return status;
        status = cio_png_idat_indexed(indices, image->width, image->height, palette->bit_depth, options->compression_level,
                                      &idat, &idat_size, message);
        free(indices);
    } else {
        status = cio_png_idat(image, options, &idat, &idat_size, message);
    }
    if (status != CIO_OK) return status;
    char *xmp = xmp_text(metadata), *iptc = iptc_text(metadata);
    png_text texts[2];
    int text_count = 0;
    memset(texts, 0, sizeof texts);
    if (xmp != NULL) {
        texts[text_count].compression = PNG_ITXT_COMPRESSION_NONE;
        texts[text_count].key = "XML:com.adobe.xmp";
        texts[text_count].text = xmp;
        texts[text_count].lang = "";
        texts[text_count++].lang_key = "";
    }
    if (iptc != NULL) {
        texts[text_count].compression = PNG_TEXT_COMPRESSION_zTXt;
        texts[text_count].key = "Raw profile type iptc";
        texts[text_count++].text = iptc;
    }
    status = encode_once(image, palette, idat, idat_size, icc, icc_size, exif, exif_size, texts, text_count, metadata->srgb,
                         metadata->dropped, output, output_size, message);
    /* metadata never costs the image: whatever libpng still refuses, the pixels are written without it */
    if (status != CIO_OK && status != CIO_OUT_OF_MEMORY && icc_size > 0) {
        char line[CIO_MESSAGE_CAPACITY];
        snprintf(line, sizeof line, "ICC profile dropped: %s", message->text);
        cio_warnings_add(metadata->dropped, line);
        icc_size = 0;
        status = encode_once(image, palette, idat, idat_size, icc, 0, exif, exif_size, texts, text_count, metadata->srgb,
                             metadata->dropped, output, output_size, message);
    }
    if (status != CIO_OK && status != CIO_OUT_OF_MEMORY && (exif_size > 0 || text_count > 0)) {
        char line[CIO_MESSAGE_CAPACITY];
        snprintf(line, sizeof line, "%s dropped: %s", exif_size > 0 ? "EXIF" : "XMP and IPTC", message->text);
        cio_warnings_add(metadata->dropped, line);
        status = encode_once(image, palette, idat, idat_size, NULL, 0, NULL, 0, NULL, 0, metadata->srgb, metadata->dropped, output,
                             output_size, message);
    }
    free(xmp);
    free(iptc);
    free(idat);
    return status;
}
