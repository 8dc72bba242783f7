/* Animated WebP through libwebpmux's WebPAnimEncoder, which keeps only the rectangle of each frame that
 * changed and chooses blending and disposal per frame where that saves bytes; an ICC profile is set on
 * the assembled file through WebPMux. */
#include "animation/animation_writers.h"
#include <webp/encode.h>
#include <webp/mux.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct cio_webp_animation_writer {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    uint32_t width, height;
    int timestamp;                /* where the next frame starts, in ms */
    uint32_t frames;
    uint8_t *icc;                 /* the profile's copy, or NULL */
    size_t icc_size;
};

cio_status cio_webp_animation_writer_new(const cio_animation_encode_options *options, cio_webp_animation_writer **out,
                                         cio_message *message) {
    *out = NULL;
    if (options->width == 0 || options->height == 0 || options->width > WEBP_MAX_DIMENSION ||
        options->height > WEBP_MAX_DIMENSION) {
        cio_set_message(message, "WebP images are 1 to %d pixels wide and high (got %ux%u)", WEBP_MAX_DIMENSION,
                        options->width, options->height);
        return CIO_INVALID_ARGUMENT;
    }
    cio_webp_animation_writer *w = calloc(1, sizeof *w);
    WebPAnimEncoderOptions anim;
    if (w == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    if (!WebPAnimEncoderOptionsInit(&anim) || !WebPConfigInit(&w->config)) {
        free(w);
        cio_set_message(message, "libwebp version mismatch");
        return CIO_INVALID_ARGUMENT;
    }
    w->config.quality = (float)options->webp.quality;
    w->config.method = options->webp.method;
    w->config.lossless = options->webp.lossless ? 1 : 0;
    w->config.use_sharp_yuv = options->webp.sharp_yuv ? 1 : 0;
    if (!WebPValidateConfig(&w->config)) {
        free(w);
        cio_set_message(message, "libwebp rejected the WebP options");
        return CIO_INVALID_ARGUMENT;
    }
    if (options->icc != NULL && options->icc_size > 0) {
        w->icc = malloc(options->icc_size);
        if (w->icc == NULL) {
            free(w);
            cio_set_message(message, "out of memory");
            return CIO_OUT_OF_MEMORY;
        }
        memcpy(w->icc, options->icc, options->icc_size);
        w->icc_size = options->icc_size;
    }
    anim.anim_params.loop_count = options->loop_count < 0 ? 1 : options->loop_count;
    anim.allow_mixed = 0;
    w->width = options->width;
    w->height = options->height;
    w->encoder = WebPAnimEncoderNew((int)w->width, (int)w->height, &anim);
    if (w->encoder == NULL) {
        free(w->icc);
        free(w);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    *out = w;
    return CIO_OK;
}

cio_status cio_webp_animation_writer_add(cio_webp_animation_writer *w, const uint8_t *rgba, size_t stride, int delay_ms,
                                         cio_message *message) {
    if (stride > INT_MAX) {
        cio_set_message(message, "row stride %zu is over libwebp's %d bytes", stride, INT_MAX);
        return CIO_INVALID_ARGUMENT;
    }
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        cio_set_message(message, "libwebp version mismatch");
        return CIO_INVALID_ARGUMENT;
    }
    picture.width = (int)w->width;
    picture.height = (int)w->height;
    picture.use_argb = 1;
    cio_status status = CIO_OK;
    if (!WebPPictureImportRGBA(&picture, rgba, (int)stride)) {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    } else if (!WebPAnimEncoderAdd(w->encoder, &picture, w->timestamp, &w->config)) {
        cio_set_message(message, "WebP animation encoding failed: %s", WebPAnimEncoderGetError(w->encoder));
        status = CIO_INVALID_ARGUMENT;
    }
    WebPPictureFree(&picture);
    w->timestamp += delay_ms;
    w->frames++;
    return status;
}

cio_status cio_webp_animation_writer_finish(cio_webp_animation_writer *w, cio_byte_buffer *file, cio_message *message) {
    if (w->frames == 0) {
        cio_set_message(message, "an animation needs at least one frame");
        return CIO_INVALID_ARGUMENT;
    }
    WebPData assembled;
    WebPDataInit(&assembled);
    if (!WebPAnimEncoderAdd(w->encoder, NULL, w->timestamp, NULL) || !WebPAnimEncoderAssemble(w->encoder, &assembled)) {
        cio_set_message(message, "WebP animation encoding failed: %s", WebPAnimEncoderGetError(w->encoder));
        return CIO_INVALID_ARGUMENT;
    }
    if (w->icc != NULL) {
        WebPMux *mux = WebPMuxCreate(&assembled, 1);
        const WebPData profile = {w->icc, w->icc_size};
        WebPData labelled = {NULL, 0};
        WebPMuxError error = mux == NULL ? WEBP_MUX_MEMORY_ERROR : WebPMuxSetChunk(mux, "ICCP", &profile, 0);
        if (error == WEBP_MUX_OK) error = WebPMuxAssemble(mux, &labelled);
        WebPMuxDelete(mux);
        WebPDataClear(&assembled);
        if (error != WEBP_MUX_OK) {
            WebPDataClear(&labelled);
            cio_set_message(message, "the WebP animation's ICC profile could not be set (libwebpmux error %d)", (int)error);
            return error == WEBP_MUX_MEMORY_ERROR ? CIO_OUT_OF_MEMORY : CIO_INVALID_ARGUMENT;
        }
        assembled = labelled;
    }
    cio_status status = CIO_OK;
    if (cio_byte_buffer_reserve(file, assembled.size)) {
        memcpy(file->bytes, assembled.bytes, assembled.size);
        file->size = assembled.size;
    } else {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    }
    WebPDataClear(&assembled);
    return status;
}

void cio_webp_animation_writer_free(cio_webp_animation_writer *w) {
    if (w == NULL) return;
    WebPAnimEncoderDelete(w->encoder);
    free(w->icc);
    free(w);
}
