/* giflib reading from memory, its errors, and a frame's rows drawn onto a canvas. */
#include "gif/gif_reader.h"
#include <string.h>

int cio_gif_read_bytes(GifFileType *gif, GifByteType *buffer, int count) {
    cio_gif_source *source = gif->UserData;
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

cio_status cio_gif_failure(int error, const cio_gif_source *source, const char *stage, cio_message *message) {
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

uint32_t cio_gif_draw_frame(GifFileType *gif, int transparent, uint8_t *pixels, uint32_t canvas_width,
                            uint32_t canvas_height, size_t channels, GifPixelType *line, int *error) {
    static const uint32_t pass_start[4] = {0, 4, 2, 1}, pass_step[4] = {8, 8, 4, 2};
    const GifImageDesc *frame = &gif->Image;
    const ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
    const uint32_t width = (uint32_t)frame->Width, height = (uint32_t)frame->Height;
    const uint32_t left = (uint32_t)frame->Left, top = (uint32_t)frame->Top;
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
        if (y >= canvas_height) continue;
        uint8_t *out = pixels + (size_t)y * canvas_width * channels;
        for (uint32_t x = 0; x < width && left + x < canvas_width; x++) {
            const int index = line[x];
            uint8_t *pixel = out + (size_t)(left + x) * channels;
            if (index == transparent) continue;
            if (map != NULL && index < map->ColorCount) {
                pixel[0] = map->Colors[index].Red;
                pixel[1] = map->Colors[index].Green;
                pixel[2] = map->Colors[index].Blue;
            } else {   /* no colour for the index: black, as other decoders draw it */
                pixel[0] = pixel[1] = pixel[2] = 0;
            }
            if (channels == 4) pixel[3] = 255;
        }
    }
    return done;
}
