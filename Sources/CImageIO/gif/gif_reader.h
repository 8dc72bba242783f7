/* What the GIF still decoder and the frame iterator share: giflib reading from memory, its errors as
 * ours, and a frame's rows drawn onto a canvas. */
#ifndef CIMAGEIO_GIF_READER_H
#define CIMAGEIO_GIF_READER_H
#include "internal.h"
#include <gif_lib.h>

typedef struct {
    const uint8_t *data;
    size_t size, offset;
    int ran_out;                  /* giflib asked for bytes past the end */
} cio_gif_source;

/* giflib's InputFunc over a cio_gif_source (its UserData). */
int cio_gif_read_bytes(GifFileType *gif, GifByteType *buffer, int count);

/* A giflib error met at `stage` as a status with a message: truncation, memory or corruption. */
cio_status cio_gif_failure(int error, const cio_gif_source *source, const char *stage, cio_message *message);

/* Draws the frame whose descriptor giflib just read onto `pixels` (canvas_width x canvas_height of `channels`
 * 3 or 4), its rows in stored order (interlaced passes mapped to their rows), clipped to the canvas; index
 * `transparent` (-1: none) leaves the canvas as it was. `line` holds the frame's width. Returns the rows read
 * whole; *error is set when giflib fails before the last. */
uint32_t cio_gif_draw_frame(GifFileType *gif, int transparent, uint8_t *pixels, uint32_t canvas_width,
                            uint32_t canvas_height, size_t channels, GifPixelType *line, int *error);
#endif
