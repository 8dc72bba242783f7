/* AVIF encoding through libavif with libaom: 8-bit, full-range YUV (BT.601 matrix), on the threads asked for. */
#include "internal.h"
#include <avif/avif.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_AV1_DIMENSION = 65536, MAX_THREADS = 64 };

/* libavif 1.0's quality scale: 1 -> quantizer 62 ... 100 -> 0 (the finest, not mathematically lossless). */
static int quantizer(int quality) { return ((100 - quality) * AVIF_QUANTIZER_WORST_QUALITY + 50) / 100; }

/* Grey (and its alpha) copied straight into a 4:0:0 image: full-range Y is the grey value. */
static avifResult fill_gray(avifImage *avif, const cio_image *image) {
    const int alpha = image->layout == CIO_GRAY_ALPHA8;
    avifResult result = avifImageAllocatePlanes(avif, alpha ? AVIF_PLANES_ALL : AVIF_PLANES_YUV);
    if (result != AVIF_RESULT_OK) return result;
    for (uint32_t y = 0; y < image->height; y++) {
        const uint8_t *in = image->pixels + (size_t)y * image->stride;
        uint8_t *luma = avif->yuvPlanes[AVIF_CHAN_Y] + (size_t)y * avif->yuvRowBytes[AVIF_CHAN_Y];
        uint8_t *opacity = alpha ? avif->alphaPlane + (size_t)y * avif->alphaRowBytes : NULL;
        for (uint32_t x = 0; x < image->width; x++) {
            luma[x] = in[x * (alpha ? 2 : 1)];
            if (alpha) opacity[x] = in[x * 2 + 1];
        }
    }
    return AVIF_RESULT_OK;
}

static avifResult fill_rgb(avifImage *avif, const cio_image *image) {
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, avif);
    rgb.format = image->layout == CIO_RGBA8 ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB;
    rgb.depth = 8;
    rgb.pixels = (uint8_t *)image->pixels;   /* only read */
    rgb.rowBytes = (uint32_t)image->stride;
    return avifImageRGBToYUV(avif, &rgb);
}

/* One encode of `avif` into `file`; the libavif result, with `detail` from its diagnostics. */
static avifResult encode_once(const avifImage *avif, const cio_avif_options *options, avifRWData *file,
                              cio_message *detail) {
    avifEncoder *encoder = avifEncoderCreate();
    if (encoder == NULL) return AVIF_RESULT_OUT_OF_MEMORY;
    encoder->codecChoice = AVIF_CODEC_CHOICE_AOM;
    /* libaom codes the rows one way on one thread and another on more (the same for any count above
       one): two at least keep an output's bytes independent of the threads it was given. */
    encoder->maxThreads = options->threads < 2 ? 2 : options->threads;
    encoder->speed = options->speed;
    encoder->minQuantizer = encoder->maxQuantizer = quantizer(options->quality);
    encoder->minQuantizerAlpha = encoder->maxQuantizerAlpha = quantizer(options->quality);
    avifResult result = avifEncoderWrite(encoder, avif, file);
    cio_set_message(detail, "%s", encoder->diag.error);
    avifEncoderDestroy(encoder);
    return result;
}

static cio_status status_of(avifResult result) {
    switch (result) {
    case AVIF_RESULT_OK: return CIO_OK;
    case AVIF_RESULT_OUT_OF_MEMORY: return CIO_OUT_OF_MEMORY;
    case AVIF_RESULT_NO_CODEC_AVAILABLE: return CIO_UNSUPPORTED;
    default: return CIO_INVALID_ARGUMENT;
    }
}

cio_status cio_encode_avif(const cio_image *image, const cio_avif_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message) {
    *output = NULL;
    *output_size = 0;
    cio_status status = cio_check_image(image, 0, message);
    if (status != CIO_OK) return status;
    if (image->width > MAX_AV1_DIMENSION || image->height > MAX_AV1_DIMENSION) {
        cio_set_message(message, "AVIF images are at most %d pixels wide and high (got %ux%u)", MAX_AV1_DIMENSION,
                        image->width, image->height);
        return CIO_INVALID_ARGUMENT;
    }
    if (image->stride > UINT32_MAX) {
        cio_set_message(message, "row stride %zu is over libavif's %u bytes", image->stride, UINT32_MAX);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->quality < 1 || options->quality > 100) {
        cio_set_message(message, "AVIF quality must be 1...100 (got %d)", options->quality);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->speed < AVIF_SPEED_SLOWEST || options->speed > AVIF_SPEED_FASTEST) {
        cio_set_message(message, "AVIF speed must be %d...%d (got %d)", AVIF_SPEED_SLOWEST, AVIF_SPEED_FASTEST,
                        options->speed);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->threads < 1 || options->threads > MAX_THREADS) {
        cio_set_message(message, "AVIF threads must be 1...%d (got %d)", MAX_THREADS, options->threads);
        return CIO_INVALID_ARGUMENT;
    }
    if (avifCodecName(AVIF_CODEC_CHOICE_AOM, AVIF_CODEC_FLAG_CAN_ENCODE) == NULL) {
        cio_set_message(message, "this libavif has no libaom encoder");
        return CIO_UNSUPPORTED;
    }
    const int gray = image->layout == CIO_GRAY8 || image->layout == CIO_GRAY_ALPHA8;
    const avifPixelFormat chroma = gray ? AVIF_PIXEL_FORMAT_YUV400
                                   : options->full_chroma ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420;
    avifImage *avif = avifImageCreate(image->width, image->height, 8, chroma);
    if (avif == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    const int icc = metadata->icc != NULL && metadata->icc_size > 0;
    avif->yuvRange = AVIF_RANGE_FULL;
    avif->matrixCoefficients = AVIF_MATRIX_COEFFICIENTS_BT601;
    /* without a profile the pixels are labelled sRGB; with one, the profile alone says what they are */
    avif->colorPrimaries = icc ? AVIF_COLOR_PRIMARIES_UNSPECIFIED : AVIF_COLOR_PRIMARIES_BT709;
    avif->transferCharacteristics = icc ? AVIF_TRANSFER_CHARACTERISTICS_UNSPECIFIED : AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    avifResult result = gray ? fill_gray(avif, image) : fill_rgb(avif, image);
    if (result != AVIF_RESULT_OK) {
        avifImageDestroy(avif);
        cio_set_message(message, "AVIF conversion to YUV failed: %s", avifResultToString(result));
        return status_of(result);
    }
    if (icc) avifImageSetProfileICC(avif, metadata->icc, metadata->icc_size);
    const int exif = metadata->exif != NULL && metadata->exif_size > 0 &&
                     cio_exif_is_tiff(metadata->exif, metadata->exif_size, SIZE_MAX / 2, metadata->dropped);
    if (exif) avifImageSetMetadataExif(avif, metadata->exif, metadata->exif_size);
    if (metadata->xmp != NULL && metadata->xmp_size > 0) avifImageSetMetadataXMP(avif, metadata->xmp, metadata->xmp_size);
    if (metadata->iptc != NULL && metadata->iptc_size > 0) {
        cio_warnings_add(metadata->dropped, "IPTC dropped: AVIF has no place for it (XMP carries the same fields)");
    }
    avifRWData file = AVIF_DATA_EMPTY;
    cio_message detail;
    result = encode_once(avif, options, &file, &detail);
    if (result == AVIF_RESULT_INVALID_EXIF_PAYLOAD) {
        /* metadata never costs the image */
        char line[CIO_MESSAGE_CAPACITY];
        snprintf(line, sizeof line, "EXIF dropped: libavif: %s", detail.text);
        cio_warnings_add(metadata->dropped, line);
        avifImageSetMetadataExif(avif, NULL, 0);
        result = encode_once(avif, options, &file, &detail);
    }
    avifImageDestroy(avif);
    if (result != AVIF_RESULT_OK) {
        avifRWDataFree(&file);
        cio_set_message(message, "AVIF encoding failed: %s%s%s", avifResultToString(result), detail.text[0] ? ": " : "",
                        detail.text);
        return status_of(result);
    }
    cio_copy_bytes(file.data, file.size, output, output_size);
    avifRWDataFree(&file);
    if (*output == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    return CIO_OK;
}
