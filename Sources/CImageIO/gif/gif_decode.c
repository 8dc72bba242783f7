/* GIF decoding through giflib: the first frame drawn on a canvas of the logical screen's size
 * (parts outside the canvas clipped, interlaced rows put in place), transparency as alpha. */
#include "gif/gif_blocks.h"
#include "gif/gif_reader.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

cio_status cio_gif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                          cio_warnings *warnings, cio_whole_image *image, cio_message *message) {
    cio_gif_summary summary;
    cio_status status = cio_gif_summarise(data, size, &summary, message);
    if (status == CIO_OK) status = cio_check_pixel_limit(summary.width, summary.height, options->max_pixels, message);
    if (status != CIO_OK) return status;
    cio_gif_source source = {.data = data, .size = size};
    int error = 0;
    GifFileType *gif = DGifOpen(&source, cio_gif_read_bytes, &error);
    if (gif == NULL) return cio_gif_failure(error, &source, "reading the header", message);
    int transparent = -1;
    if (find_first_image(gif, &transparent) == GIF_ERROR) {
        status = cio_gif_failure(gif->Error, &source, "reading the first frame's header", message);
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
        const uint32_t rows = cio_gif_draw_frame(gif, transparent, image->pixels, image->width, image->height, (size_t)image->layout, line, &error);
        if (error != 0) {
            status = cio_gif_failure(error, &source, "decoding the first frame", message);
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
