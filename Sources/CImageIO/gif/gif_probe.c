/* GIF header probe: the logical screen and the frames, from the block walk. */
#include "gif/gif_blocks.h"

cio_status cio_gif_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    cio_gif_summary summary;
    cio_status status = cio_gif_summarise(data, size, &summary, message);
    if (status != CIO_OK) return status;
    info->format = CIO_FORMAT_GIF;
    info->width = summary.width;
    info->height = summary.height;
    info->channels = 1;
    info->bit_depth = 8;
    info->progressive = summary.first_interlaced;
    info->has_alpha = summary.first_transparent;
    info->orientation = 1;
    info->animated = summary.frame_count > 1;
    info->frame_count = summary.frame_count;
    info->loop_count = summary.loop_count;
    info->duration_ms = summary.duration_ms;
    info->animation_alpha = summary.animation_alpha;
    info->layout = summary.first_transparent ? CIO_RGBA8 : CIO_RGB8;
    return CIO_OK;
}
