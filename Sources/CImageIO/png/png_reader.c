/* libpng setup shared by the PNG probe and decoder: memory source, errors, limits, ignored chunks. */
#include "png/png_reader.h"
#include <string.h>

enum { IDAT_TYPE = 0x49444154, IDAT_TAIL_SLACK = 64 << 10 };   /* "IDAT" as libpng numbers it */

static void read_data(png_structp png, png_bytep out, size_t length) {
    cio_png_source *source = png_get_io_ptr(png);
    if (source->size - source->offset < length) {
        source->hit_end = 1;
        png_error(png, "truncated PNG data");
    }
    if (source->rows_expected != 0 && source->rows_done + 1 >= source->rows_expected &&
        png_get_io_chunk_type(png) == IDAT_TYPE && (png_get_io_state(png) & PNG_IO_CHUNK_DATA) != 0) {
        source->idat_tail += length;
        if (source->idat_tail > source->idat_tail_max) {
            png_error(png, "compressed image data goes on long after the last row (decompression bomb)");
        }
    }
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

/* "IDAT: CRC error" -> "PNG CRC error in IDAT chunk"; other texts keep libpng's wording. */
static void on_error(png_structp png, png_const_charp text) {
    cio_png_source *source = png_get_error_ptr(png);
    if (source->hit_end || strstr(text, "Not enough image data") != NULL) {
        source->status = CIO_TRUNCATED;
        cio_set_message(&source->message, "truncated PNG data");
    } else if (strlen(text) > 6 && text[4] == ':' && strstr(text, "CRC error") != NULL) {
        source->status = CIO_CORRUPT;
        cio_set_message(&source->message, "PNG CRC error in %.4s chunk", text);
    } else if (strstr(text, "exceeds user limit") != NULL) {
        source->status = CIO_TOO_LARGE;
        cio_set_message(&source->message, "PNG too large: %s", text);
    } else if (strstr(text, "out of memory") != NULL || strstr(text, "Out of memory") != NULL) {
        source->status = CIO_OUT_OF_MEMORY;
        cio_set_message(&source->message, "out of memory decoding PNG");
    } else {
        source->status = CIO_CORRUPT;
        cio_set_message(&source->message, "corrupt PNG: %s", text);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    cio_png_source *source = png_get_error_ptr(png);
    if (source->warnings == NULL) return;
    char line[CIO_MESSAGE_CAPACITY];
    /* iCCP warnings mean the profile was dropped (one libpng accepts is kept and its warning removed) */
    if (strncmp(text, "iCCP: ", 6) == 0) snprintf(line, sizeof line, "ICC profile dropped: libpng: %s", text + 6);
    else snprintf(line, sizeof line, "PNG: %s", text);
    cio_warnings_add(source->warnings, line);
}

/* Ancillary chunks nothing here uses: never read, so text chunks (zTXt/iTXt bombs) are not inflated
 * and gAMA/cHRM/sRGB are not applied (like browsers assuming sRGB, and Pillow). */
static const png_byte ignored_chunks[] =
    "bKGD\0cHRM\0gAMA\0hIST\0iTXt\0oFFs\0pCAL\0pHYs\0sBIT\0sCAL\0sPLT\0sRGB\0tEXt\0tIME\0zTXt";

png_structp cio_png_create_reader(cio_png_source *source, png_infop *info) {
    source->status = CIO_OK;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, source, on_error, on_warning);
    if (png == NULL) return NULL;
    *info = png_create_info_struct(png);
    if (*info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return NULL;
    }
    png_set_read_fn(png, source, read_data);
    /* the HP/Microsoft sRGB profile many files carry is kept, without a "known incorrect" warning */
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    /* libpng's own limits; the pixel limit is checked separately on the header. */
    png_set_user_limits(png, 1u << 24, 1u << 24);
    png_set_chunk_malloc_max(png, 8u << 20);   /* iCCP profiles up to 8 MB */
    png_set_chunk_cache_max(png, 1000);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks,
                                (int)(sizeof ignored_chunks / 5));
    return png;
}

static void row_done(png_structp png, png_uint_32 row, int pass) {
    cio_png_source *source = png_get_io_ptr(png);
    source->rows_done++;
}

void cio_png_limit_idat_tail(png_structp png, png_infop info, cio_png_source *source) {
    const uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    uint64_t rows = height;
    if (png_get_interlace_type(png, info) == PNG_INTERLACE_ADAM7) {
        rows = 0;   /* libpng reports each row of each non-empty pass */
        for (int pass = 0; pass < 7; pass++) {
            if (PNG_PASS_COLS(width, pass) > 0) rows += PNG_PASS_ROWS(height, pass);
        }
    }
    const size_t raw_row = png_get_rowbytes(png, info) + 1;   /* file row plus its filter byte */
    source->rows_expected = rows;
    source->rows_done = 0;
    source->idat_tail = 0;
    source->idat_tail_max = raw_row + raw_row / 1024 + IDAT_TAIL_SLACK;
    png_set_read_status_fn(png, row_done);
}

cio_layout cio_png_output_layout(png_structp png, png_infop info) {
    int type = png_get_color_type(png, info);
    int trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    switch (type) {
    case PNG_COLOR_TYPE_GRAY: return trns ? CIO_GRAY_ALPHA8 : CIO_GRAY8;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return CIO_GRAY_ALPHA8;
    case PNG_COLOR_TYPE_RGB_ALPHA: return CIO_RGBA8;
    default: return trns ? CIO_RGBA8 : CIO_RGB8;   /* RGB, palette */
    }
}

int cio_png_set_transforms(png_structp png, png_infop info, int keep_16) {
    int type = png_get_color_type(png, info);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && png_get_bit_depth(png, info) < 8) png_set_expand_gray_1_2_4_to_8(png);
    /* a 16-bit tRNS colour becomes alpha 0 or 65535 */
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (keep_16 && png_get_bit_depth(png, info) == 16) {
        const uint16_t probe = 1;
        if (*(const uint8_t *)&probe == 1) png_set_swap(png);   /* PNG stores big-endian */
        return 1;
    }
    /* scale_16 rounds (v * 255 + 32895) >> 16, i.e. round(v / 257); strip_16 would truncate */
    png_set_scale_16(png);
    return 0;
}
