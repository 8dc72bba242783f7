/* What the WebP probe and decoder share: the RIFF container read by libwebp's demuxer. */
#ifndef CIMAGEIO_WEBP_CONTAINER_H
#define CIMAGEIO_WEBP_CONTAINER_H
#include "internal.h"
#include <webp/decode.h>
#include <webp/demux.h>

typedef struct {
    WebPDemuxer *demux;
    uint32_t width, height;       /* the canvas (an animation's) or the still image's size */
    uint32_t frame_count;
    int animated, has_alpha;
    int lossless;                 /* the first frame is VP8L */
} cio_webp_container;

/* Reads the container and the first frame's features; on failure nothing is left to release. */
cio_status cio_webp_container_open(const uint8_t *data, size_t size, cio_webp_container *container,
                                   cio_message *message);
void cio_webp_container_close(cio_webp_container *container);

/* libwebpdemux's animation decoder over `data` (RGBA, no threads), or NULL with `*status` and a message. */
WebPAnimDecoder *cio_webp_animation_decoder_new(const uint8_t *data, size_t size, cio_status *status, cio_message *message);

/* A libwebp status as ours, with a message naming WebP and what was being done. */
cio_status cio_webp_failure(VP8StatusCode code, const char *stage, cio_message *message);
#endif
