/* AVIF decoding through libavif: the primary image (or a sequence's first frame) to 8-bit RGB(A),
 * then made upright. */
#include "avif/avif_transform.h"

cio_status cio_avif_decode(const uint8_t *data, size_t size, const cio_decode_options *options,
                           cio_warnings *warnings, cio_whole_image *out, cio_message *message) {
    (void)warnings;
    avifDecoder *decoder = NULL;
    cio_avif_size oversize;
    cio_status status = cio_avif_open(data, size, options->max_pixels, &decoder, &oversize, message);
    if (status != CIO_OK) return status;
    avifImage *image = decoder->image;
    cio_avif_geometry geometry;
    status = cio_avif_geometry_of(image, &geometry, message);
    if (status == CIO_OK) status = cio_check_pixel_limit(image->width, image->height, options->max_pixels, message);
    if (status == CIO_OK) {
        avifResult result = avifDecoderNextImage(decoder);
        if (result != AVIF_RESULT_OK) status = cio_avif_failure(result, decoder, "decoding the image", message);
    }
    if (status == CIO_OK) {
        const int alpha = decoder->alphaPresent != 0;   /* as the probe says; libavif fills a missing plane opaque */
        status = cio_whole_image_allocate(out, image->width, image->height, alpha ? CIO_RGBA8 : CIO_RGB8, message);
        if (status == CIO_OK) {
            avifRGBImage rgb;
            avifRGBImageSetDefaults(&rgb, image);
            rgb.format = alpha ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB;
            rgb.depth = 8;
            rgb.pixels = out->pixels;
            rgb.rowBytes = image->width * (uint32_t)out->layout;
            avifResult result = avifImageYUVToRGB(image, &rgb);
            if (result != AVIF_RESULT_OK) status = cio_avif_failure(result, decoder, "converting to RGB", message);
        }
        if (status == CIO_OK) status = cio_avif_make_upright(out, &geometry, message);
        if (status != CIO_OK) cio_whole_image_release(out);
    }
    avifDecoderDestroy(decoder);
    return status;
}
