/* cio_animation_decoder: the GIF, WebP or AVIF frame iterator the magic bytes name, and its warnings. */
#include "animation/animation_frames.h"
#include <stdlib.h>

struct cio_animation_decoder {
    cio_gif_frames *gif;
    cio_webp_frames *webp;
    cio_avif_frames *avif;
    cio_warnings warnings;
};

cio_status cio_check_animation_limits(uint32_t width, uint32_t height, uint32_t frames, const cio_animation_limits *limits,
                                      cio_message *message) {
    cio_status status = cio_check_pixel_limit(width, height, limits->max_pixels, message);
    if (status != CIO_OK) return status;
    if (frames > limits->max_frames) {
        cio_set_message(message, "too many frames: %u, over the limit of %u", frames, limits->max_frames);
        return CIO_TOO_LARGE;
    }
    const uint64_t total = (uint64_t)width * height * frames;
    if (total > limits->max_total_pixels) {
        cio_set_message(message, "animation too large: %u frames of %ux%u are %llu pixels, over the limit of %llu", frames,
                        width, height, (unsigned long long)total, (unsigned long long)limits->max_total_pixels);
        return CIO_TOO_LARGE;
    }
    return CIO_OK;
}

cio_status cio_animation_decoder_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                                      cio_animation_decoder **out, cio_animation_info *info, cio_message *message) {
    *out = NULL;
    cio_animation_decoder *d = calloc(1, sizeof *d);
    if (d == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    cio_status status;
    switch (cio_sniff_format(data, size)) {
    case CIO_FORMAT_GIF: status = cio_gif_frames_open(data, size, limits, &d->gif, info, message); break;
    case CIO_FORMAT_WEBP: status = cio_webp_frames_open(data, size, limits, &d->webp, info, message); break;
    case CIO_FORMAT_AVIF: status = cio_avif_frames_open(data, size, limits, &d->avif, info, message); break;
    default:
        cio_set_message(message, "unsupported: only GIF, WebP and AVIF animations are read frame by frame");
        status = CIO_UNSUPPORTED;
    }
    if (status != CIO_OK) {
        free(d);
        return status;
    }
    *out = d;
    return CIO_OK;
}

cio_status cio_animation_decoder_next(cio_animation_decoder *d, const uint8_t **canvas, int *delay_ms, cio_message *message) {
    if (d->gif != NULL) return cio_gif_frames_next(d->gif, canvas, delay_ms, &d->warnings, message);
    if (d->avif != NULL) return cio_avif_frames_next(d->avif, canvas, delay_ms, &d->warnings, message);
    return cio_webp_frames_next(d->webp, canvas, delay_ms, message);
}

int cio_animation_decoder_warning_count(const cio_animation_decoder *d) { return d->warnings.count; }

const char *cio_animation_decoder_warning(const cio_animation_decoder *d, int index) {
    return index >= 0 && index < d->warnings.count ? d->warnings.items[index].text : "";
}

void cio_animation_decoder_close(cio_animation_decoder *d) {
    if (d == NULL) return;
    cio_gif_frames_close(d->gif);
    cio_webp_frames_close(d->webp);
    cio_avif_frames_close(d->avif);
    free(d);
}
