/* libavif over a memory buffer, and the clap/irot/imir geometry libavif 0.11 reports but leaves to the caller. */
#include "avif/avif_reader.h"
#include "avif/avif_item_references.h"
#include <limits.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

cio_status cio_avif_failure(avifResult result, const avifDecoder *decoder, const char *stage, cio_message *message) {
    const char *detail = decoder != NULL && decoder->diag.error[0] != '\0' ? decoder->diag.error : avifResultToString(result);
    switch (result) {
    case AVIF_RESULT_TRUNCATED_DATA:
    case AVIF_RESULT_IO_ERROR:
        cio_set_message(message, "truncated AVIF data (%s: %s)", stage, detail);
        return CIO_TRUNCATED;
    case AVIF_RESULT_OUT_OF_MEMORY:
        cio_set_message(message, "out of memory decoding AVIF (%s)", stage);
        return CIO_OUT_OF_MEMORY;
    case AVIF_RESULT_NOT_IMPLEMENTED:
    case AVIF_RESULT_NO_CODEC_AVAILABLE:
    case AVIF_RESULT_UNSUPPORTED_DEPTH:
        cio_set_message(message, "unsupported: AVIF %s: %s", stage, detail);
        return CIO_UNSUPPORTED;
    default:
        cio_set_message(message, "corrupt AVIF (%s: %s)", stage, detail);
        return CIO_CORRUPT;
    }
}

/* libavif refuses an item over its size limit while parsing, naming the size only in its diagnostic:
 * that becomes our pixel-limit failure. CIO_OK when the parse failed for another reason. */
static cio_status size_limit_failure(const avifDecoder *decoder, uint64_t max_pixels, cio_avif_size *oversize,
                                     cio_message *message) {
    const char *at = strstr(decoder->diag.error, "dimensions are too large [");
    unsigned width = 0, height = 0;
    if (at == NULL || sscanf(at, "dimensions are too large [%ux%u]", &width, &height) != 2) return CIO_OK;
    oversize->width = width;
    oversize->height = height;
    cio_status status = cio_check_pixel_limit(width, height, max_pixels, message);
    if (status != CIO_OK) return status;
    cio_set_message(message, "image is %ux%u, over libavif's limit of %u pixels", width, height, decoder->imageSizeLimit);
    return CIO_TOO_LARGE;
}

cio_status cio_avif_open(const uint8_t *data, size_t size, uint64_t max_pixels, avifDecoder **out,
                         cio_avif_size *oversize, cio_message *message) {
    *out = NULL;
    oversize->width = 0;
    oversize->height = 0;
    const cio_status decodable = cio_avif_library_open(message);
    if (decodable != CIO_OK) return decodable;
    avifDecoder *decoder = avifDecoderCreate();
    if (decoder == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    decoder->maxThreads = 1;
    /* as permissive as libheif: a clean aperture on an odd chroma position or a missing pixi is still a picture */
    decoder->strictFlags = AVIF_STRICT_DISABLED;
    /* libavif refuses a limit above its default; it bounds the AV1 decoder as well as the container */
    decoder->imageSizeLimit = max_pixels == 0 ? 1 : max_pixels > AVIF_DEFAULT_IMAGE_SIZE_LIMIT ? AVIF_DEFAULT_IMAGE_SIZE_LIMIT
                                                                                         : (uint32_t)max_pixels;
    decoder->imageDimensionLimit = 0;
    avifResult result = avifDecoderSetIOMemory(decoder, data, size);
    if (result == AVIF_RESULT_OK) result = avifDecoderParse(decoder);
    if (result != AVIF_RESULT_OK) {
        cio_status status = size_limit_failure(decoder, max_pixels, oversize, message);
        if (status == CIO_OK) status = cio_avif_failure(result, decoder, "reading the container", message);
        avifDecoderDestroy(decoder);
        return status;
    }
    cio_status status = cio_avif_check_item_references(data, size, message);
    if (status != CIO_OK) {
        avifDecoderDestroy(decoder);
        return status;
    }
    *out = decoder;
    return CIO_OK;
}

int cio_avif_frame_ms(const avifImageTiming *timing) {
    const double ms = round(timing->duration * 1000.0);
    return ms > INT_MAX ? INT_MAX : ms > 0 ? (int)ms : 0;
}

/* n / d, with n read as a signed 32-bit number when `is_signed` (clap offsets may be negative). */
static double fraction(uint32_t n, uint32_t d, int is_signed) {
    return (is_signed ? (double)(int32_t)n : (double)n) / (double)d;
}

cio_status cio_avif_geometry_of(const avifImage *image, cio_avif_geometry *g, cio_message *message) {
    memset(g, 0, sizeof *g);
    g->crop_width = image->width;
    g->crop_height = image->height;
    g->mirror = -1;
    if (image->transformFlags & AVIF_TRANSFORM_CLAP) {
        const avifCleanApertureBox *c = &image->clap;
        if (c->widthD == 0 || c->heightD == 0 || c->horizOffD == 0 || c->vertOffD == 0) {
            cio_set_message(message, "corrupt AVIF: clean aperture (clap) with a zero denominator");
            return CIO_CORRUPT;
        }
        /* as libheif: the aperture's size rounded, its left and top edges rounded down */
        const double width = round(fraction(c->widthN, c->widthD, 0)), height = round(fraction(c->heightN, c->heightD, 0));
        const double left = floor(fraction(c->horizOffN, c->horizOffD, 1) + (image->width - 1) / 2.0 -
                                  (fraction(c->widthN, c->widthD, 0) - 1) / 2.0);
        const double top = floor(fraction(c->vertOffN, c->vertOffD, 1) + (image->height - 1) / 2.0 -
                                 (fraction(c->heightN, c->heightD, 0) - 1) / 2.0);
        if (!(width >= 1 && height >= 1 && left >= 0 && top >= 0 && left + width <= image->width &&
              top + height <= image->height)) {
            cio_set_message(message, "corrupt AVIF: clean aperture (clap) outside the %ux%u image", image->width,
                            image->height);
            return CIO_CORRUPT;
        }
        g->crop_x = (uint32_t)left;
        g->crop_y = (uint32_t)top;
        g->crop_width = (uint32_t)width;
        g->crop_height = (uint32_t)height;
    }
    if (image->transformFlags & AVIF_TRANSFORM_IROT) g->angle = image->irot.angle & 3;
    if (image->transformFlags & AVIF_TRANSFORM_IMIR) g->mirror = image->imir.mode & 1;
    const int swap = g->angle == 1 || g->angle == 3;
    g->width = swap ? g->crop_height : g->crop_width;
    g->height = swap ? g->crop_width : g->crop_height;
    return CIO_OK;
}
