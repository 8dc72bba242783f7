/* A GIF's frames one at a time, composited as browsers do: the canvas starts transparent; before a
 * frame is drawn the previous one's disposal applies to its rectangle (none or 1: left, 2: cleared to
 * transparent, 3: restored to what was there before it was drawn); transparent indices leave the canvas. */
#include "animation/animation_frames.h"
#include "gif/gif_blocks.h"
#include "gif/gif_reader.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint32_t left, top, width, height; } frame_rect;

struct cio_gif_frames {
    GifFileType *gif;
    cio_gif_source source;
    uint32_t width, height;
    uint8_t *canvas;              /* RGBA */
    uint8_t *previous;            /* the canvas before a frame with disposal 3; allocated at the first one */
    GifPixelType *line;
    size_t line_capacity;
    int disposal;                 /* the last frame's, applied before the next is drawn */
    frame_rect rect;              /* the last frame's rectangle, clipped to the canvas */
    uint32_t delivered;
    int ended, fail_on_truncation;
};

cio_status cio_gif_frames_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                               cio_gif_frames **out, cio_animation_info *info, cio_message *message) {
    *out = NULL;
    cio_gif_summary summary;
    cio_status status = cio_gif_summarise(data, size, &summary, message);
    if (status == CIO_OK) status = cio_check_animation_limits(summary.width, summary.height, summary.frame_count, limits, message);
    if (status != CIO_OK) return status;
    cio_gif_frames *f = calloc(1, sizeof *f);
    if (f != NULL) f->canvas = calloc((size_t)summary.width * summary.height, 4);
    if (f == NULL || f->canvas == NULL) {
        free(f);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    f->source = (cio_gif_source){.data = data, .size = size};
    f->width = summary.width;
    f->height = summary.height;
    f->fail_on_truncation = limits->fail_on_truncation;
    int error = 0;
    f->gif = DGifOpen(&f->source, cio_gif_read_bytes, &error);
    if (f->gif == NULL) {
        status = cio_gif_failure(error, &f->source, "reading the header", message);
        cio_gif_frames_close(f);
        return status;
    }
    *info = (cio_animation_info){.width = summary.width, .height = summary.height, .frame_count = summary.frame_count,
                                 .loop_count = summary.loop_count, .has_alpha = summary.animation_alpha};
    *out = f;
    return CIO_OK;
}

static void dispose(cio_gif_frames *f) {
    const frame_rect r = f->rect;
    for (uint32_t y = r.top; y < r.top + r.height; y++) {
        const size_t at = ((size_t)y * f->width + r.left) * 4;
        if (f->disposal == 2) memset(f->canvas + at, 0, (size_t)r.width * 4);
        else if (f->disposal == 3) memcpy(f->canvas + at, f->previous + at, (size_t)r.width * 4);
    }
}

/* Reads records up to the next image descriptor (1), the trailer (0) or an error (-1), keeping the graphic
 * control extension's disposal, delay and transparent index. */
static int next_image(GifFileType *gif, int *disposal, int *delay, int *transparent) {
    *disposal = 0;
    *delay = 0;
    *transparent = -1;
    while (1) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return -1;
        if (type == IMAGE_DESC_RECORD_TYPE) return DGifGetImageDesc(gif) == GIF_ERROR ? -1 : 1;
        if (type == TERMINATE_RECORD_TYPE) return 0;
        if (type != EXTENSION_RECORD_TYPE) continue;
        int code = 0;
        GifByteType *block = NULL;
        if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return -1;
        if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
            *disposal = (block[1] >> 2) & 7;
            *delay = (int)block[2] | (int)block[3] << 8;
            *transparent = (block[1] & 1) ? block[4] : -1;
        }
        while (block != NULL) {
            if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return -1;
        }
    }
}

/* A damaged frame: an error, or with fail_on_truncation off and a truncation the end of the animation
 * (the frame partly drawn when `drawn` says so) with a warning. */
static cio_status damaged(cio_gif_frames *f, int error, const char *stage, int drawn, const uint8_t **canvas,
                          cio_warnings *warnings, cio_message *message) {
    const cio_status status = cio_gif_failure(error, &f->source, stage, message);
    if (status != CIO_TRUNCATED || f->fail_on_truncation || (f->delivered == 0 && !drawn)) return status;
    char text[CIO_MESSAGE_CAPACITY];
    snprintf(text, sizeof text, "truncated GIF data: the animation ends after %u frames%s", f->delivered + (drawn ? 1 : 0),
             drawn ? ", the last partly drawn" : "");
    cio_warnings_add(warnings, text);
    f->ended = 1;
    if (drawn) {
        f->delivered++;
        *canvas = f->canvas;
    }
    return CIO_OK;
}

cio_status cio_gif_frames_next(cio_gif_frames *f, const uint8_t **canvas, int *delay_ms, cio_warnings *warnings,
                               cio_message *message) {
    *canvas = NULL;
    *delay_ms = 0;
    if (f->ended) return CIO_OK;
    dispose(f);
    int disposal, delay, transparent;
    const int found = next_image(f->gif, &disposal, &delay, &transparent);
    if (found < 0) return damaged(f, f->gif->Error, "reading a frame's header", 0, canvas, warnings, message);
    if (found == 0) {
        f->ended = 1;
        return CIO_OK;
    }
    const GifImageDesc *d = &f->gif->Image;
    const uint32_t left = (uint32_t)d->Left, top = (uint32_t)d->Top;
    f->rect.left = left < f->width ? left : f->width;
    f->rect.top = top < f->height ? top : f->height;
    f->rect.width = (uint32_t)d->Width < f->width - f->rect.left ? (uint32_t)d->Width : f->width - f->rect.left;
    f->rect.height = (uint32_t)d->Height < f->height - f->rect.top ? (uint32_t)d->Height : f->height - f->rect.top;
    f->disposal = disposal;
    if (disposal == 3) {
        if (f->previous == NULL) f->previous = malloc((size_t)f->width * f->height * 4);
        if (f->previous == NULL) {
            cio_set_message(message, "out of memory");
            return CIO_OUT_OF_MEMORY;
        }
        memcpy(f->previous, f->canvas, (size_t)f->width * f->height * 4);
    }
    if ((size_t)d->Width > f->line_capacity) {
        GifPixelType *line = realloc(f->line, (size_t)d->Width);
        if (line == NULL) {
            cio_set_message(message, "out of memory");
            return CIO_OUT_OF_MEMORY;
        }
        f->line = line;
        f->line_capacity = (size_t)d->Width;
    }
    *delay_ms = cio_gif_delay_ms(delay);
    int error = 0;
    cio_gif_draw_frame(f->gif, transparent, f->canvas, f->width, f->height, 4, f->line, &error);
    if (error != 0) return damaged(f, error, "decoding a frame", 1, canvas, warnings, message);
    f->delivered++;
    *canvas = f->canvas;
    return CIO_OK;
}

void cio_gif_frames_close(cio_gif_frames *f) {
    if (f == NULL) return;
    int error = 0;
    if (f->gif != NULL) DGifCloseFile(f->gif, &error);
    free(f->canvas);
    free(f->previous);
    free(f->line);
    free(f);
}
