/* An AVIF image sequence's frames one at a time through libavif: each AV1 frame (and its alpha track's)
 * decoded in turn, converted to RGBA and made upright; libavif keeps the reference frames it needs. */
#include "animation/animation_frames.h"
#include "avif/avif_transform.h"
#include <stdio.h>
#include <stdlib.h>

struct cio_avif_frames {
    avifDecoder *decoder;
    cio_avif_geometry geometry;
    uint32_t coded_width, coded_height;   /* every frame's size as the track header gives it */
    cio_whole_image canvas;               /* the last frame returned, RGBA */
    uint32_t delivered;
    int ended, fail_on_truncation;
};

cio_status cio_avif_frames_open(const uint8_t *data, size_t size, const cio_animation_limits *limits,
                                cio_avif_frames **out, cio_animation_info *info, cio_message *message) {
    *out = NULL;
    avifDecoder *decoder = NULL;
    cio_avif_size oversize;
    cio_status status = cio_avif_open(data, size, limits->max_pixels, &decoder, &oversize, message);
    if (status != CIO_OK) return status;
    cio_avif_geometry geometry;
    status = cio_avif_geometry_of(decoder->image, &geometry, message);
    const uint32_t frames = decoder->imageCount > 0 ? (uint32_t)decoder->imageCount : 1;
    if (status == CIO_OK) status = cio_check_animation_limits(geometry.width, geometry.height, frames, limits, message);
    cio_avif_frames *f = NULL;
    if (status == CIO_OK && (f = calloc(1, sizeof *f)) == NULL) {
        cio_set_message(message, "out of memory");
        status = CIO_OUT_OF_MEMORY;
    }
    if (status != CIO_OK) {
        avifDecoderDestroy(decoder);
        return status;
    }
    f->decoder = decoder;
    f->geometry = geometry;
    f->coded_width = decoder->image->width;
    f->coded_height = decoder->image->height;
    f->fail_on_truncation = limits->fail_on_truncation;
    /* libavif 0.11 reads no edit list: a sequence plays forever, as browsers play one without it */
    *info = (cio_animation_info){.width = geometry.width, .height = geometry.height, .frame_count = frames,
                                 .loop_count = 0, .has_alpha = decoder->alphaPresent != 0};
    *out = f;
    return CIO_OK;
}

/* A frame that does not decode: an error, or with fail_on_truncation off and frames already shown the
 * end of the animation, with a warning. */
static cio_status damaged(cio_avif_frames *f, cio_status status, cio_warnings *warnings, cio_message *message) {
    if (f->fail_on_truncation || f->delivered == 0) return status;
    char text[CIO_MESSAGE_CAPACITY];
    snprintf(text, sizeof text, "%s: the animation ends after %u frames", message->text, f->delivered);
    cio_warnings_add(warnings, text);
    f->ended = 1;
    return CIO_OK;
}

cio_status cio_avif_frames_next(cio_avif_frames *f, const uint8_t **canvas, int *delay_ms, cio_warnings *warnings,
                                cio_message *message) {
    *canvas = NULL;
    *delay_ms = 0;
    cio_whole_image_release(&f->canvas);
    if (f->ended || f->delivered >= (uint32_t)f->decoder->imageCount) return CIO_OK;
    avifDecoder *decoder = f->decoder;
    const avifResult result = avifDecoderNextImage(decoder);
    if (result != AVIF_RESULT_OK) {
        char stage[64];
        snprintf(stage, sizeof stage, "decoding frame %u", f->delivered);
        return damaged(f, cio_avif_failure(result, decoder, stage, message), warnings, message);
    }
    const avifImage *image = decoder->image;
    if (image->width != f->coded_width || image->height != f->coded_height) {
        cio_set_message(message, "corrupt AVIF sequence: frame %u is %ux%u, the track %ux%u", f->delivered, image->width,
                        image->height, f->coded_width, f->coded_height);
        return damaged(f, CIO_CORRUPT, warnings, message);
    }
    cio_status status = cio_whole_image_allocate(&f->canvas, image->width, image->height, CIO_RGBA8, message);
    if (status != CIO_OK) return status;
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, image);
    rgb.format = AVIF_RGB_FORMAT_RGBA;   /* opaque where the sequence has no alpha track */
    rgb.depth = 8;
    rgb.pixels = f->canvas.pixels;
    rgb.rowBytes = image->width * 4;
    const avifResult converted = avifImageYUVToRGB(image, &rgb);
    if (converted != AVIF_RESULT_OK) return cio_avif_failure(converted, decoder, "converting a frame to RGB", message);
    status = cio_avif_make_upright(&f->canvas, &f->geometry, message);
    if (status != CIO_OK) return status;
    *delay_ms = cio_avif_frame_ms(&decoder->imageTiming);
    f->delivered++;
    *canvas = f->canvas.pixels;
    return CIO_OK;
}

void cio_avif_frames_close(cio_avif_frames *f) {
    if (f == NULL) return;
    avifDecoderDestroy(f->decoder);
    cio_whole_image_release(&f->canvas);
    free(f);
}
