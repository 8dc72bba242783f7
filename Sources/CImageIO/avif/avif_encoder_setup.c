/* libavif with libaom, set up alike for still images and sequences. */
#include "avif/avif_encoder_setup.h"

enum { MAX_AV1_DIMENSION = 65536, MAX_THREADS = 64 };

/* libavif 1.0's quality scale: 1 -> quantizer 62 ... 100 -> 0 (the finest, not mathematically lossless). */
static int quantizer(int quality) { return ((100 - quality) * AVIF_QUANTIZER_WORST_QUALITY + 50) / 100; }

cio_status cio_avif_check_encode(uint32_t width, uint32_t height, const cio_avif_options *options, cio_message *message) {
    if (width > MAX_AV1_DIMENSION || height > MAX_AV1_DIMENSION) {
        cio_set_message(message, "AVIF images are at most %d pixels wide and high (got %ux%u)", MAX_AV1_DIMENSION, width,
                        height);
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
    const cio_status encodable = cio_avif_library_open(message);
    if (encodable != CIO_OK) return encodable;
    if (avifCodecName(AVIF_CODEC_CHOICE_AOM, AVIF_CODEC_FLAG_CAN_ENCODE) == NULL) {
        cio_set_message(message, "this libavif has no libaom encoder");
        return CIO_UNSUPPORTED;
    }
    return CIO_OK;
}

avifEncoder *cio_avif_encoder_new(const cio_avif_options *options) {
    avifEncoder *encoder = avifEncoderCreate();
    if (encoder == NULL) return NULL;
    encoder->codecChoice = AVIF_CODEC_CHOICE_AOM;
    /* libaom codes the rows one way on one thread and another on more (the same for any count above
       one): two at least keep an output's bytes independent of the threads it was given. */
    encoder->maxThreads = options->threads < 2 ? 2 : options->threads;
    encoder->speed = options->speed;
    encoder->minQuantizer = encoder->maxQuantizer = quantizer(options->quality);
    encoder->minQuantizerAlpha = encoder->maxQuantizerAlpha = quantizer(options->quality);
    return encoder;
}

avifImage *cio_avif_image_new(uint32_t width, uint32_t height, avifPixelFormat format, int has_icc) {
    avifImage *avif = avifImageCreate(width, height, 8, format);
    if (avif == NULL) return NULL;
    avif->yuvRange = AVIF_RANGE_FULL;
    avif->matrixCoefficients = AVIF_MATRIX_COEFFICIENTS_BT601;
    avif->colorPrimaries = has_icc ? AVIF_COLOR_PRIMARIES_UNSPECIFIED : AVIF_COLOR_PRIMARIES_BT709;
    avif->transferCharacteristics = has_icc ? AVIF_TRANSFER_CHARACTERISTICS_UNSPECIFIED : AVIF_TRANSFER_CHARACTERISTICS_SRGB;
    return avif;
}

avifResult cio_avif_fill_rgb(avifImage *avif, const uint8_t *pixels, size_t stride, cio_layout layout, int keep_alpha) {
    avifRGBImage rgb;
    avifRGBImageSetDefaults(&rgb, avif);
    rgb.format = layout == CIO_RGBA8 ? AVIF_RGB_FORMAT_RGBA : AVIF_RGB_FORMAT_RGB;
    rgb.ignoreAlpha = !keep_alpha;
    rgb.depth = 8;
    rgb.pixels = (uint8_t *)pixels;   /* only read */
    rgb.rowBytes = (uint32_t)stride;
    return avifImageRGBToYUV(avif, &rgb);
}

cio_status cio_avif_encode_status(avifResult result) {
    switch (result) {
    case AVIF_RESULT_OK: return CIO_OK;
    case AVIF_RESULT_OUT_OF_MEMORY: return CIO_OUT_OF_MEMORY;
    case AVIF_RESULT_NO_CODEC_AVAILABLE: return CIO_UNSUPPORTED;
    default: return CIO_INVALID_ARGUMENT;
    }
}
