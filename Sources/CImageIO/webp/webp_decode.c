/* WebP decoding through libwebp: a still image straight into RGB(A), only the part the region needs and
 * at 1/d when asked (libwebp crops, and scales by averaging each d x d block, while it decodes); an
 * animation's first frame composited whole on its canvas by WebPAnimDecoder. */
#include "webp/webp_container.h"
#include <string.h>

/* The stored rectangle [x0, x1) x [y0, y1) a decode of `region` (at 1/d: d x d stored pixels a decoded one)
 * reads, chosen so that its pixels are those of the whole decode. At full scale it is one pixel wider on
 * each side: libwebp's chroma upsampling treats a crop's edges as the picture's. At 1/d it keeps the whole
 * width: libwebp's rescaler rounds each output by a factor made from the cropped width (off by one here
 * and there otherwise), while its rows, d at a time, come out the same. Left and top are even, as libwebp
 * rounds them down. */
typedef struct { uint32_t x0, y0, x1, y1; } cio_webp_crop;

static cio_webp_crop crop_for(cio_rect region, uint32_t d, uint32_t width, uint32_t height) {
    cio_webp_crop c = {region.x * d, region.y * d, (region.x + region.width) * d, (region.y + region.height) * d};
    if (d > 1) {
        c.x0 = 0;
        c.x1 = width;
    } else {
        c.x0 = c.x0 > 0 ? c.x0 - 1 : 0;
        c.y0 = c.y0 > 0 ? c.y0 - 1 : 0;
        c.x1 = c.x1 < width ? c.x1 + 1 : width;
        c.y1 = c.y1 < height ? c.y1 + 1 : height;
    }
    c.x0 &= ~1u;
    c.y0 &= ~1u;
    return c;
}

static cio_status decode_still(const uint8_t *data, size_t size, const cio_decode_options *options, uint32_t width,
                               uint32_t height, cio_layout layout, cio_whole_image *image, cio_message *message) {
    const uint32_t d = (uint32_t)options->scale_denominator;
    if (width % d != 0 || height % d != 0) {
        cio_set_message(message, "WebP decodes at 1/%u only when %u divides its size (%ux%u)", d, d, width, height);
        return CIO_INVALID_ARGUMENT;
    }
    cio_rect region;
    cio_status status = cio_region_of(options, width / d, height / d, &region, message);
    if (status != CIO_OK) return status;
    const cio_webp_crop crop = crop_for(region, d, width, height);
    const uint32_t part_width = (crop.x1 - crop.x0) / d, part_height = (crop.y1 - crop.y0) / d;
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        cio_set_message(message, "unsupported: libwebp version mismatch");
        return CIO_UNSUPPORTED;
    }
    status = cio_whole_image_allocate(image, part_width, part_height, layout, message);
    if (status != CIO_OK) return status;
    image->origin_x = crop.x0 / d;
    image->origin_y = crop.y0 / d;
    image->full_width = width / d;
    image->full_height = height / d;
    config.options.use_threads = 0;
    config.options.use_cropping = crop.x0 > 0 || crop.y0 > 0 || crop.x1 < width || crop.y1 < height;
    config.options.crop_left = (int)crop.x0;
    config.options.crop_top = (int)crop.y0;
    config.options.crop_width = (int)(crop.x1 - crop.x0);
    config.options.crop_height = (int)(crop.y1 - crop.y0);
    config.options.use_scaling = d > 1;
    config.options.scaled_width = (int)part_width;
    config.options.scaled_height = (int)part_height;
    config.output.colorspace = layout == CIO_RGBA8 ? MODE_RGBA : MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = image->pixels;
    config.output.u.RGBA.stride = (int)((size_t)part_width * layout);
    config.output.u.RGBA.size = (size_t)part_width * layout * part_height;
    const VP8StatusCode code = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    if (code == VP8_STATUS_OK && (config.output.width != (int)part_width || config.output.height != (int)part_height)) {
        cio_set_message(message, "corrupt WebP: the image is not the size its header says");
        status = CIO_CORRUPT;
    } else if (code != VP8_STATUS_OK) {
        status = cio_webp_failure(code, "decoding the image", message);
    }
    if (status != CIO_OK) cio_whole_image_release(image);
    return status;
}

static cio_status decode_first_frame(const uint8_t *data, size_t size, cio_whole_image *image, cio_message *message) {
    cio_status status = CIO_OK;
    WebPAnimDecoder *decoder = cio_webp_animation_decoder_new(data, size, &status, message);
    if (decoder == NULL) return status;
    WebPAnimInfo info;
    uint8_t *canvas = NULL;
    int timestamp = 0;
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
    if (status != CIO_OK) return status;
    if (!animated) return decode_still(data, size, options, width, height, layout, image, message);
    if (options->scale_denominator != 1) {
        cio_set_message(message, "an animated WebP has no 1/%d scaling", options->scale_denominator);
        return CIO_INVALID_ARGUMENT;
    }
    status = cio_whole_image_allocate(image, width, height, layout, message);
    if (status == CIO_OK) {
        status = decode_first_frame(data, size, image, message);
        if (status != CIO_OK) cio_whole_image_release(image);
    }
    return status;
}
