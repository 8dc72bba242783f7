/* An AVIF image sequence through libavif's avifEncoderAddImage: every frame coded by libaom as it is
 * added, at a timescale of 1000 (durations in milliseconds), key frames where libaom places them. The
 * encoder keeps the coded frames (and libaom its look-ahead) until the file is assembled. */
#include "animation/animation_writers.h"
#include "avif/avif_encoder_setup.h"
#include <stdlib.h>
#include <string.h>

struct cio_avif_animation_writer {
    avifEncoder *encoder;
    uint32_t width, height;
    avifPixelFormat chroma;
    int has_alpha;
    uint32_t frames;
    uint8_t *icc;                 /* the profile's copy, set on every frame (libavif writes the first's), or NULL */
    size_t icc_size;
};

cio_status cio_avif_animation_writer_new(const cio_animation_encode_options *options, cio_avif_animation_writer **out,
                                         cio_message *message) {
    *out = NULL;
    if (options->width == 0 || options->height == 0) {
        cio_set_message(message, "an AVIF sequence of %ux%u frames", options->width, options->height);
        return CIO_INVALID_ARGUMENT;
    }
    cio_status status = cio_avif_check_encode(options->width, options->height, &options->avif, message);
    if (status != CIO_OK) return status;
    cio_avif_animation_writer *w = calloc(1, sizeof *w);
    if (w != NULL) w->encoder = cio_avif_encoder_new(&options->avif);
    if (w == NULL || w->encoder == NULL) {
        free(w);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    if (options->icc != NULL && options->icc_size > 0) {
        w->icc = malloc(options->icc_size);
        if (w->icc == NULL) {
            avifEncoderDestroy(w->encoder);
            free(w);
            cio_set_message(message, "out of memory");
            return CIO_OUT_OF_MEMORY;
        }
        memcpy(w->icc, options->icc, options->icc_size);
        w->icc_size = options->icc_size;
    }
    w->encoder->timescale = 1000;
    w->width = options->width;
    w->height = options->height;
    w->chroma = options->avif.full_chroma ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420;
    w->has_alpha = options->has_alpha;
    *out = w;
    return CIO_OK;
}

cio_status cio_avif_animation_writer_add(cio_avif_animation_writer *w, const uint8_t *rgba, size_t stride, int delay_ms,
                                         cio_message *message) {
    if (stride > UINT32_MAX) {
        cio_set_message(message, "row stride %zu is over libavif's %u bytes", stride, UINT32_MAX);
        return CIO_INVALID_ARGUMENT;
    }
    avifImage *frame = cio_avif_image_new(w->width, w->height, w->chroma, w->icc != NULL);
    if (frame != NULL && w->icc != NULL) avifImageSetProfileICC(frame, w->icc, w->icc_size);
    if (frame == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    avifResult result = cio_avif_fill_rgb(frame, rgba, stride, CIO_RGBA8, w->has_alpha);
    if (result != AVIF_RESULT_OK) {
        cio_set_message(message, "AVIF conversion to YUV failed: %s", avifResultToString(result));
    } else {
        result = avifEncoderAddImage(w->encoder, frame, (uint64_t)delay_ms, AVIF_ADD_IMAGE_FLAG_NONE);
        if (result != AVIF_RESULT_OK) {
            cio_set_message(message, "AVIF sequence encoding failed at frame %u: %s%s%s", w->frames,
                            avifResultToString(result), w->encoder->diag.error[0] ? ": " : "", w->encoder->diag.error);
        }
    }
    avifImageDestroy(frame);
    if (result != AVIF_RESULT_OK) return cio_avif_encode_status(result);
    w->frames++;
    return CIO_OK;
}

cio_status cio_avif_animation_writer_finish(cio_avif_animation_writer *w, cio_byte_buffer *file, cio_message *message) {
    if (w->frames == 0) {
        cio_set_message(message, "an animation needs at least one frame");
        return CIO_INVALID_ARGUMENT;
    }
    avifRWData assembled = AVIF_DATA_EMPTY;
    const avifResult result = avifEncoderFinish(w->encoder, &assembled);
    if (result != AVIF_RESULT_OK) {
        avifRWDataFree(&assembled);
        cio_set_message(message, "AVIF sequence encoding failed: %s%s%s", avifResultToString(result),
                        w->encoder->diag.error[0] ? ": " : "", w->encoder->diag.error);
        return cio_avif_encode_status(result);
    }
    cio_status status = CIO_OK;
    if (cio_byte_buffer_reserve(file, assembled.size)) {
        memcpy(file->bytes, assembled.data, assembled.size);
        file->size = assembled.size;
    } else {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    }
    avifRWDataFree(&assembled);
    return status;
}

void cio_avif_animation_writer_free(cio_avif_animation_writer *w) {
    if (w == NULL) return;
    avifEncoderDestroy(w->encoder);
    free(w->icc);
    free(w);
}
