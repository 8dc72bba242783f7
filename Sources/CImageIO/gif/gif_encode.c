/* Animated GIF through giflib, a frame written as it is added: each with its own palette (cio_quantize).
 * Opaque animations write only the rectangle that changed since the last frame (disposal 1: left in
 * place), and inside it the pixels the last frame already had are transparent, so what shows through
 * is what was there, and the runs of one index compress; with transparency every frame is whole and
 * cleared after it shows (disposal 2). */
#include "animation/animation_writers.h"
#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

/* The unchanged pixels are made transparent when at least 1 in this many of the rectangle are (fewer
 * cost more in the palette entry and the broken runs than they save: bench/animations.sh's GIFs). */
enum { KEPT_SHARE_DENOMINATOR = 8 };

struct cio_gif_writer {
    GifFileType *gif;
    cio_byte_buffer file;
    uint32_t width, height;
    int has_alpha;
    uint8_t *last;                /* the last frame's RGBA, packed */
    uint8_t *masked;              /* the changed rectangle, its unchanged pixels transparent, packed */
    uint8_t *indices;
    uint32_t frames;
};

static int write_bytes(GifFileType *gif, const GifByteType *bytes, int count) {
    cio_byte_buffer *file = gif->UserData;
    if (count < 0 || !cio_byte_buffer_reserve(file, (size_t)count)) return 0;
    memcpy(file->bytes + file->size, bytes, (size_t)count);
    file->size += (size_t)count;
    return count;
}

static cio_status failure(int error, const char *stage, cio_message *message) {
    const char *detail = GifErrorString(error);
    cio_set_message(message, "GIF encoding failed (%s: %s)", stage, detail != NULL ? detail : "unknown error");
    return error == E_GIF_ERR_NOT_ENOUGH_MEM ? CIO_OUT_OF_MEMORY : CIO_INVALID_ARGUMENT;
}

static cio_status put_loop(GifFileType *gif, int loop_count, cio_message *message) {
    const GifByteType loop[3] = {1, (GifByteType)(loop_count & 0xFF), (GifByteType)(loop_count >> 8 & 0xFF)};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_ERROR || EGifPutExtensionBlock(gif, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif) == GIF_ERROR) {
        return failure(gif->Error, "writing the loop count", message);
    }
    return CIO_OK;
}

cio_status cio_gif_writer_new(const cio_animation_encode_options *options, cio_gif_writer **out, cio_message *message) {
    *out = NULL;
    if (options->width == 0 || options->height == 0 || options->width > 65535 || options->height > 65535) {
        cio_set_message(message, "GIF frames are 1 to 65535 pixels wide and high (got %ux%u)", options->width, options->height);
        return CIO_INVALID_ARGUMENT;
    }
    cio_gif_writer *w = calloc(1, sizeof *w);
    const size_t pixels = (size_t)options->width * options->height;
    if (w != NULL) {
        w->last = malloc(pixels * 4);
        w->masked = malloc(pixels * 4);
        w->indices = malloc(pixels);
    }
    if (w == NULL || w->last == NULL || w->masked == NULL || w->indices == NULL) {
        cio_gif_writer_free(w);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    w->width = options->width;
    w->height = options->height;
    w->has_alpha = options->has_alpha;
    int error = 0;
    w->gif = EGifOpen(&w->file, write_bytes, &error);
    if (w->gif == NULL) {
        cio_gif_writer_free(w);
        return failure(error, "starting the file", message);
    }
    EGifSetGifVersion(w->gif, true);
    cio_status status = EGifPutScreenDesc(w->gif, (int)w->width, (int)w->height, 8, 0, NULL) == GIF_ERROR
                            ? failure(w->gif->Error, "writing the screen descriptor", message) : CIO_OK;
    if (status == CIO_OK && options->loop_count >= 0) status = put_loop(w->gif, options->loop_count, message);
    if (status != CIO_OK) {
        cio_gif_writer_free(w);
        return status;
    }
    *out = w;
    return CIO_OK;
}

/* The rectangle of pixels that differ from the last frame (at least one pixel, so every frame is written). */
static void changed_rect(const cio_gif_writer *w, const uint8_t *rgba, size_t stride, uint32_t *left, uint32_t *top,
                         uint32_t *right, uint32_t *bottom) {
    *left = w->width;
    *top = w->height;
    *right = *bottom = 0;
    for (uint32_t y = 0; y < w->height; y++) {
        const uint8_t *row = rgba + (size_t)y * stride, *last = w->last + (size_t)y * w->width * 4;
        for (uint32_t x = 0; x < w->width; x++) {
            if (memcmp(row + x * 4, last + x * 4, 3) == 0) continue;
            if (x < *left) *left = x;
            if (x + 1 > *right) *right = x + 1;
            if (y < *top) *top = y;
            *bottom = y + 1;
        }
    }
    if (*right == 0) *left = *top = 0, *right = *bottom = 1;
}

/* Copies the rectangle into w->masked, opaque where the pixel differs from the last frame and
 * transparent where it does not; returns how many are transparent. */
static size_t mask_unchanged(cio_gif_writer *w, const uint8_t *part, size_t stride, uint32_t left, uint32_t top,
                             uint32_t width, uint32_t height) {
    size_t unchanged = 0;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = part + (size_t)y * stride, *last = w->last + ((size_t)(top + y) * w->width + left) * 4;
        uint8_t *out = w->masked + (size_t)y * width * 4;
        for (uint32_t x = 0; x < width; x++) {
            const int same = memcmp(row + x * 4, last + x * 4, 3) == 0;
            memcpy(out + x * 4, row + x * 4, 3);
            out[x * 4 + 3] = same ? 0 : 255;
            unchanged += (size_t)same;
        }
    }
    return unchanged;
}

cio_status cio_gif_writer_add(cio_gif_writer *w, const uint8_t *rgba, size_t stride, int delay_ms, cio_message *message) {
    uint32_t left = 0, top = 0, right = w->width, bottom = w->height;
    if (!w->has_alpha && w->frames > 0) changed_rect(w, rgba, stride, &left, &top, &right, &bottom);
    const uint32_t width = right - left, height = bottom - top;
    const uint8_t *part = rgba + (size_t)top * stride + (size_t)left * 4;
    size_t part_stride = stride;
    /* an opaque frame shows the last one through its unchanged pixels when they are enough to pay for
     * the palette entry they take */
    int keeps_last = 0;
    if (!w->has_alpha && w->frames > 0 &&
        mask_unchanged(w, part, stride, left, top, width, height) * KEPT_SHARE_DENOMINATOR >= (size_t)width * height) {
        part = w->masked;
        part_stride = (size_t)width * 4;
        keeps_last = 1;
    }
    uint8_t palette[256][3];
    const int transparent = w->has_alpha || keeps_last ? 255 : -1;
    const int colors = cio_quantize(part, width, height, part_stride, transparent, palette, w->indices);
    if (colors == 0) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    int size = 2;
    while (size < colors) size *= 2;
    GifColorType entries[256];
    memset(entries, 0, sizeof entries);
    for (int i = 0; i < colors; i++) entries[i] = (GifColorType){palette[i][0], palette[i][1], palette[i][2]};
    ColorMapObject *map = GifMakeMapObject(size, entries);
    if (map == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    const int centiseconds = (delay_ms + 5) / 10;
    const int transparent_index = transparent >= 0 ? (colors - 1 < 255 ? colors - 1 : 255) : 0;
    const GifByteType control[4] = {(GifByteType)((w->has_alpha ? 2 : 1) << 2 | (transparent >= 0 ? 1 : 0)),
                                    (GifByteType)(centiseconds & 0xFF), (GifByteType)(centiseconds >> 8 & 0xFF),
                                    (GifByteType)transparent_index};
    cio_status status = CIO_OK;
    if (EGifPutExtension(w->gif, GRAPHICS_EXT_FUNC_CODE, 4, control) == GIF_ERROR ||
        EGifPutImageDesc(w->gif, (int)left, (int)top, (int)width, (int)height, false, map) == GIF_ERROR) {
        status = failure(w->gif->Error, "writing a frame's header", message);
    }
    for (uint32_t y = 0; status == CIO_OK && y < height; y++) {
        if (EGifPutLine(w->gif, w->indices + (size_t)y * width, (int)width) == GIF_ERROR) {
            status = failure(w->gif->Error, "writing a frame", message);
        }
    }
    GifFreeMapObject(map);
    for (uint32_t y = 0; y < w->height; y++) memcpy(w->last + (size_t)y * w->width * 4, rgba + (size_t)y * stride, (size_t)w->width * 4);
    w->frames++;
    return status;
}

cio_status cio_gif_writer_finish(cio_gif_writer *w, cio_byte_buffer *file, cio_message *message) {
    if (w->frames == 0) {
        cio_set_message(message, "an animation needs at least one frame");
        return CIO_INVALID_ARGUMENT;
    }
    int error = 0;
    const int closed = EGifCloseFile(w->gif, &error);
    w->gif = NULL;
    if (closed == GIF_ERROR) return failure(error, "ending the file", message);
    *file = w->file;
    w->file = (cio_byte_buffer){NULL, 0, 0};
    return CIO_OK;
}

void cio_gif_writer_free(cio_gif_writer *w) {
    if (w == NULL) return;
    int error = 0;
    if (w->gif != NULL) EGifCloseFile(w->gif, &error);
    free(w->file.bytes);
    free(w->last);
    free(w->masked);
    free(w->indices);
    free(w);
}
