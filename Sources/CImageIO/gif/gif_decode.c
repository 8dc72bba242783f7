/* GIF decoding through giflib: the first frame drawn on a canvas of the logical screen's size
 * (parts outside the canvas clipped, interlaced rows put in place), transparency as alpha. */
#include "gif/gif_blocks.h"
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size, offset;
    int ran_out;                  /* giflib asked for bytes past the end */
} gif_source;

static int read_bytes(GifFileType *gif, GifByteType *buffer, int count) {
    gif_source *source = gif->UserData;
    size_t available = source->size - source->offset;
    size_t n = count < 0 ? 0 : (size_t)count;
    if (n > available) {
        n = available;
        source->ran_out = 1;
    }
    memcpy(buffer, source->data + source->offset, n);
    source->offset += n;
    return (int)n;
}

static cio_status gif_failure(int error, const gif_source *source, const char *stage, cio_message *message) {
    const char *detail = GifErrorString(error);
    if (source->ran_out || error == D_GIF_ERR_EOF_TOO_SOON) {
        cio_set_message(message, "truncated GIF data (%s)", stage);
        return CIO_TRUNCATED;
    }
    if (error == D_GIF_ERR_NOT_ENOUGH_MEM) {
        cio_set_message(message, "out of memory decoding GIF (%s)", stage);
        return CIO_OUT_OF_MEMORY;
    }
    cio_set_message(message, "corrupt GIF (%s: %s)", stage, detail != NULL ? detail : "unknown error");
    return CIO_CORRUPT;
}

/* Reads records up to the first image descriptor, keeping the transparent index of its graphic
 * control extension (-1: none). */
static int find_first_image(GifFileType *gif, int *transparent) {
    *transparent = -1;
    while (1) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return GIF_ERROR;
        if (type == IMAGE_DESC_RECORD_TYPE) return DGifGetImageDesc(gif);
        if (type == TERMINATE_RECORD_TYPE) {
            gif->Error = D_GIF_ERR_NO_IMAG_DSCR;
            return GIF_ERROR;
        }
        if (type != EXTENSION_RECORD_TYPE) continue;
        int code = 0;
        GifByteType *block = NULL;
        if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return GIF_ERROR;
        if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) *transparent = (block[1] & 1) ? block[4] : -1;
        while (block != NULL) {
            if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return GIF_ERROR;
        }
    }
}

/* Draws the frame's rows (in stored order, interlaced passes mapped to their rows) onto the canvas.
 * Returns the rows read whole; *error is set when giflib fails before the last. */
static uint32_t draw_frame(GifFileType *gif, int transparent, cio_whole_image *canvas, GifPixelType *line, int *error) {
    static const uint32_t pass_start[4] = {0, 4, 2, 1}, pass_step[4] = {8, 8, 4, 2};
    const GifImageDesc *frame = &gif->Image;
    const ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    const uint32_t width = (uint32_t)frame->Width, height = (uint32_t)frame->Height;
    const uint32_t left = (uint32_t)frame->Left, top = (uint32_t)frame->Top;
    const size_t channels = (size_t)canvas->layout;
    uint32_t pass = 0, row = 0, done = 0;
    for (; done < height; done++) {
        if (DGifGetLine(gif, line, (int)width) == GIF_ERROR) {
            *error = gif->Error;
            return done;
        }
        const uint32_t y = top + (frame->Interlace ? row : done);
        if (frame->Interlace) {
            row += pass_step[pass];
            while (pass < 3 && row >= height) row = pass_start[++pass];
        }
        if (y >= canvas->height) continue;
        uint8_t *out = canvas->pixels + (size_t)y * canvas->width * channels;
        for (uint32_t x = 0; x < width && left + x < canvas->width; x++) {
            const int index = line[x];
            uint8_t *pixel = out + (size_t)(left + x) * channels;
            if (index == transparent) continue;   /* the zeroed canvas: transparent black */
            if (map != NULL && index < map->ColorCount) {
                pixel[0] = map->Colors[index].Red;
                pixel[1] = map->Colors[index].Green;
                pixel[2] = map->Colors[index].Blue;
            }   /* no colour for the index: black, as other decoders draw it */
            if (channels == 4) pixel[3] = 255;
        }
    }
    return done;
}

cio_status cio_gif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                          cio_warnings *warnings, cio_whole_image *image, cio_message *message) {
    cio_gif_summary summary;
    cio_status status = cio_gif_summarise(data, size, &summary, message);
    if (status == CIO_OK) status = cio_check_pixel_limit(summary.width, summary.height, options->max_pixels, message);
    if (status != CIO_OK) return status;
    gif_source source = {.data = data, .size = size};
    int error = 0;
    GifFileType *gif = DGifOpen(&source, read_bytes, &error);
    if (gif == NULL) return gif_failure(error, &source, "reading the header", message);
    int transparent = -1;
    if (find_first_image(gif, &transparent) == GIF_ERROR) {
        status = gif_failure(gif->Error, &source, "reading the first frame's header", message);
        DGifCloseFile(gif, &error);
        return status;
    }
    const cio_layout layout = summary.first_transparent ? CIO_RGBA8 : CIO_RGB8;
    if (layout == CIO_RGB8) transparent = -1;
    status = cio_whole_image_allocate(image, summary.width, summary.height, layout, message);
    GifPixelType *line = NULL;
    if (status == CIO_OK && gif->Image.Width > 0 && gif->Image.Height > 0) {
        line = malloc((size_t)gif->Image.Width);
        if (line == NULL) {
            cio_set_message(message, "out of memory");
            status = CIO_OUT_OF_MEMORY;
        }
    }
    if (line != NULL) {
        error = 0;
        const uint32_t rows = draw_frame(gif, transparent, image, line, &error);
        if (error != 0) {
            status = gif_failure(error, &source, "decoding the first frame", message);
            if (status == CIO_TRUNCATED && !options->fail_on_truncation) {
                char text[CIO_MESSAGE_CAPACITY];
                snprintf(text, sizeof text, "truncated GIF data: %u of %d rows of the first frame recovered, the rest are %s",
                         rows, gif->Image.Height, layout == CIO_RGBA8 ? "transparent" : "black");
                cio_warnings_add(warnings, text);
                status = CIO_OK;
            }
        }
    }
    free(line);
    if (status != CIO_OK) cio_whole_image_release(image);
    DGifCloseFile(gif, &error);
    return status;
}
