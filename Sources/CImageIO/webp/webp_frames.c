/* An animated WebP's frames one at a time through libwebpdemux's WebPAnimDecoder, which composites
 * them (ANMF offsets, blending, disposal to transparent) on its own canvas. */
#include "animation/animation_frames.h"
#include "webp/webp_container.h"
#include <stdlib.h>

struct cio_webp_frames {
    WebPAnimDecoder *decoder;
    int timestamp;                /* the end of the last frame returned, in ms */
};

cio_status cio_webp_frames_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                                cio_webp_frames **out, cio_animation_info *info, cio_message *message) {
    *out = NULL;
    cio_webp_container container;
    cio_status status = cio_webp_container_open(data, size, &container, message);
    if (status != CIO_OK) return status;
    *info = (cio_animation_info){.width = container.width, .height = container.height, .frame_count = container.frame_count,
                                 .loop_count = (int)WebPDemuxGetI(container.demux, WEBP_FF_LOOP_COUNT),
                                 .has_alpha = container.has_alpha};
    cio_webp_container_close(&container);
    status = cio_check_animation_limits(info->width, info->height, info->frame_count, limits, message);
    if (status != CIO_OK) return status;
    cio_webp_frames *f = calloc(1, sizeof *f);
    if (f == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    f->decoder = cio_webp_animation_decoder_new(data, size, &status, message);
    if (f->decoder == NULL) {
        free(f);
        return status;
    }
    *out = f;
    return CIO_OK;
}

cio_status cio_webp_frames_next(cio_webp_frames *f, const uint8_t **canvas, int *delay_ms, cio_message *message) {
    *canvas = NULL;
    *delay_ms = 0;
    if (!WebPAnimDecoderHasMoreFrames(f->decoder)) return CIO_OK;
    uint8_t *pixels = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(f->decoder, &pixels, &timestamp)) {
        cio_set_message(message, "corrupt WebP animation (a frame does not decode)");
        return CIO_CORRUPT;
    }
    *delay_ms = timestamp - f->timestamp;
    f->timestamp = timestamp;
    *canvas = pixels;
    return CIO_OK;
}

void cio_webp_frames_close(cio_webp_frames *f) {
    if (f == NULL) return;
    WebPAnimDecoderDelete(f->decoder);
    free(f);
}
