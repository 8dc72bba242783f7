/* cio_animation_encoder: the GIF, WebP or AVIF animation writer the options name. */
#include "animation/animation_writers.h"
#include <stdlib.h>

struct cio_animation_encoder {
    cio_gif_writer *gif;
    cio_webp_animation_writer *webp;
    cio_avif_animation_writer *avif;
};

cio_status cio_animation_encoder_new(const cio_animation_encode_options *options, cio_animation_encoder **out,
                                     cio_message *message) {
    *out = NULL;
    cio_animation_encoder *e = calloc(1, sizeof *e);
    if (e == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    cio_status status;
    switch (options->format) {
    case CIO_FORMAT_GIF: status = cio_gif_writer_new(options, &e->gif, message); break;
    case CIO_FORMAT_WEBP: status = cio_webp_animation_writer_new(options, &e->webp, message); break;
    case CIO_FORMAT_AVIF: status = cio_avif_animation_writer_new(options, &e->avif, message); break;
    default:
        cio_set_message(message, "only GIF, WebP and AVIF animations are written");
        status = CIO_INVALID_ARGUMENT;
    }
    if (status != CIO_OK) {
        free(e);
        return status;
    }
    *out = e;
    return CIO_OK;
}

cio_status cio_animation_encoder_add(cio_animation_encoder *e, const uint8_t *rgba, size_t stride, int delay_ms,
                                     cio_message *message) {
    if (delay_ms < 0) delay_ms = 0;
    if (e->gif != NULL) return cio_gif_writer_add(e->gif, rgba, stride, delay_ms, message);
    if (e->avif != NULL) return cio_avif_animation_writer_add(e->avif, rgba, stride, delay_ms, message);
    return cio_webp_animation_writer_add(e->webp, rgba, stride, delay_ms, message);
}

cio_status cio_animation_encoder_finish(cio_animation_encoder *e, uint8_t **output, size_t *output_size, cio_message *message) {
    cio_byte_buffer file = {NULL, 0, 0};
    const cio_status status = e->gif != NULL    ? cio_gif_writer_finish(e->gif, &file, message)
                              : e->avif != NULL ? cio_avif_animation_writer_finish(e->avif, &file, message)
                                                : cio_webp_animation_writer_finish(e->webp, &file, message);
    *output = status == CIO_OK ? file.bytes : NULL;
    *output_size = status == CIO_OK ? file.size : 0;
    if (status != CIO_OK) free(file.bytes);
    return status;
}

void cio_animation_encoder_free(cio_animation_encoder *e) {
    if (e == NULL) return;
    cio_gif_writer_free(e->gif);
    cio_webp_animation_writer_free(e->webp);
    cio_avif_animation_writer_free(e->avif);
    free(e);
}
