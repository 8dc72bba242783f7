/* WebP decoding through libwebp: a still image straight into RGB(A), an animation's first frame
 * composited on its canvas by WebPAnimDecoder. */
#include "webp/webp_container.h"
#include <string.h>

static cio_status decode_still(const uint8_t *data, size_t size, cio_whole_image *image, cio_message *message) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        cio_set_message(message, "unsupported: libwebp version mismatch");
        return CIO_UNSUPPORTED;
    }
    config.options.use_threads = 0;
    config.output.colorspace = image->layout == CIO_RGBA8 ? MODE_RGBA : MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = image->pixels;
    config.output.u.RGBA.stride = (int)((size_t)image->width * image->layout);
    config.output.u.RGBA.size = (size_t)image->width * image->layout * image->height;
    const VP8StatusCode code = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    if (code == VP8_STATUS_OK && (config.output.width != (int)image->width || config.output.height != (int)image->height)) {
        cio_set_message(message, "corrupt WebP: the image is not the size its header says");
        return CIO_CORRUPT;
    }
    return code == VP8_STATUS_OK ? CIO_OK : cio_webp_failure(code, "decoding the image", message);
}

static cio_status decode_first_frame(const uint8_t *data, size_t size, cio_whole_image *image, cio_message *message) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        cio_set_message(message, "unsupported: libwebp version mismatch");
        return CIO_UNSUPPORTED;
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    const WebPData bytes = {data, size};
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&bytes, &options);
    if (decoder == NULL) {
        cio_set_message(message, "corrupt WebP animation (the decoder refused it)");
        return CIO_CORRUPT;
    }
    WebPAnimInfo info;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    cio_status status = CIO_OK;
    if (!WebPAnimDecoderGetInfo(decoder, &info) || info.canvas_width != image->width ||
        info.canvas_height != image->height || !WebPAnimDecoderGetNext(decoder, &canvas, &timestamp)) {
        cio_set_message(message, "corrupt WebP animation (its first frame does not decode)");
        status = CIO_CORRUPT;
    } else {
        const size_t pixels = (size_t)image->width * image->height;
        if (image->layout == CIO_RGBA8) {
            memcpy(image->pixels, canvas, pixels * 4);
        } else {
            for (size_t i = 0; i < pixels; i++) memcpy(image->pixels + i * 3, canvas + i * 4, 3);
        }
    }
    WebPAnimDecoderDelete(decoder);
    return status;
}

cio_status cio_webp_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                           cio_warnings *warnings, cio_whole_image *image, cio_message *message) {
    (void)warnings;
    cio_webp_container container;
    cio_status status = cio_webp_container_open(data, size, &container, message);
    if (status != CIO_OK) return status;
    const int animated = container.animated;
    const cio_layout layout = container.has_alpha ? CIO_RGBA8 : CIO_RGB8;
    const uint32_t width = container.width, height = container.height;
    cio_webp_container_close(&container);
    status = cio_check_pixel_limit(width, height, options->max_pixels, message);
    if (status == CIO_OK) status = cio_whole_image_allocate(image, width, height, layout, message);
    if (status == CIO_OK) {
        status = animated ? decode_first_frame(data, size, image, message) : decode_still(data, size, image, message);
        if (status != CIO_OK) cio_whole_image_release(image);
    }
    return status;
}
