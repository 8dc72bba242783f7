/* The WebP RIFF container through WebPDemux: canvas, frames, alpha; a damaged one said why. */
#include "webp/webp_container.h"
#include <string.h>

cio_status cio_webp_failure(VP8StatusCode code, const char *stage, cio_message *message) {
    switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA:
        cio_set_message(message, "truncated WebP data (%s)", stage);
        return CIO_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY:
        cio_set_message(message, "out of memory decoding WebP (%s)", stage);
        return CIO_OUT_OF_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        cio_set_message(message, "unsupported: WebP feature (%s)", stage);
        return CIO_UNSUPPORTED;
    default:
        cio_set_message(message, "corrupt WebP data (%s)", stage);
        return CIO_CORRUPT;
    }
}

cio_status cio_webp_container_open(const uint8_t *data, size_t size, cio_webp_container *c, cio_message *message) {
    memset(c, 0, sizeof *c);
    const WebPData bytes = {data, size};
    WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    c->demux = WebPDemuxPartial(&bytes, &state);
    if (c->demux == NULL || state != WEBP_DEMUX_DONE) {
        WebPDemuxDelete(c->demux);
        c->demux = NULL;
        /* the demuxer tells a cut-off file (its RIFF size or a chunk runs past the end) from a malformed one */
        if (state == WEBP_DEMUX_PARSING_HEADER || state == WEBP_DEMUX_PARSED_HEADER) {
            cio_set_message(message, "truncated WebP data (the container ends inside a chunk)");
            return CIO_TRUNCATED;
        }
        cio_set_message(message, "corrupt WebP container (RIFF chunks malformed or no image)");
        return CIO_CORRUPT;
    }
    c->width = WebPDemuxGetI(c->demux, WEBP_FF_CANVAS_WIDTH);
    c->height = WebPDemuxGetI(c->demux, WEBP_FF_CANVAS_HEIGHT);
    c->frame_count = WebPDemuxGetI(c->demux, WEBP_FF_FRAME_COUNT);
    const uint32_t flags = WebPDemuxGetI(c->demux, WEBP_FF_FORMAT_FLAGS);
    c->animated = (flags & ANIMATION_FLAG) != 0;
    WebPIterator frame;
    if (c->frame_count == 0 || !WebPDemuxGetFrame(c->demux, 1, &frame)) {
        cio_webp_container_close(c);
        cio_set_message(message, "corrupt WebP: no image frame");
        return CIO_CORRUPT;
    }
    WebPBitstreamFeatures features;
    const VP8StatusCode code = WebPGetFeatures(frame.fragment.bytes, frame.fragment.size, &features);
    c->has_alpha = (flags & ALPHA_FLAG) != 0 || frame.has_alpha || (code == VP8_STATUS_OK && features.has_alpha);
    c->lossless = code == VP8_STATUS_OK && features.format == 2;
    WebPDemuxReleaseIterator(&frame);
    if (code != VP8_STATUS_OK) {
        cio_webp_container_close(c);
        return cio_webp_failure(code, "reading the frame header", message);
    }
    return CIO_OK;
}

void cio_webp_container_close(cio_webp_container *c) {
    WebPDemuxDelete(c->demux);
    c->demux = NULL;
}

WebPAnimDecoder *cio_webp_animation_decoder_new(const uint8_t *data, size_t size, cio_status *status, cio_message *message) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        cio_set_message(message, "unsupported: libwebp version mismatch");
        *status = CIO_UNSUPPORTED;
        return NULL;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    const WebPData bytes = {data, size};
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&bytes, &options);
    if (decoder == NULL) {
        cio_set_message(message, "corrupt WebP animation (the decoder refused it)");
        *status = CIO_CORRUPT;
    }
    return decoder;
}
