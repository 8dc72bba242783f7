/* AVIF encoding through libavif with libaom: 8-bit, full-range YUV (BT.601 matrix), on the threads asked for. */
#include "avif/avif_encoder_setup.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* One encode of `avif` into `file`; the libavif result, with `detail` from its diagnostics. */
static avifResult encode_once(const avifImage *avif, const cio_avif_options *options, avifRWData *file,
                              cio_message *detail) {
    avifEncoder *encoder = cio_avif_encoder_new(options);
    if (encoder == NULL) return AVIF_RESULT_OUT_OF_MEMORY;
    avifResult result = avifEncoderWrite(encoder, avif, file);
    cio_set_message(detail, "%s", encoder->diag.error);
    avifEncoderDestroy(encoder);
    return result;
}

cio_status cio_encode_avif(const cio_image *image, const cio_avif_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message) {
    *output = NULL;
    *output_size = 0;
    cio_status status = cio_check_image(image, 0, message);
    if (status != CIO_OK) return status;
    if (image->stride > UINT32_MAX) {
        cio_set_message(message, "row stride %zu is over libavif's %u bytes", image->stride, UINT32_MAX);
        return CIO_INVALID_ARGUMENT;
    }
    status = cio_avif_check_encode(image->width, image->height, options, message);
    if (status != CIO_OK) return status;
    const int gray = image->layout == CIO_GRAY8 || image->layout == CIO_GRAY_ALPHA8;
    const avifPixelFormat chroma = gray ? AVIF_PIXEL_FORMAT_YUV400
                                   : options->full_chroma ? AVIF_PIXEL_FORMAT_YUV444 : AVIF_PIXEL_FORMAT_YUV420;
    const int icc = metadata->icc != NULL && metadata->icc_size > 0;
    avifImage *avif = cio_avif_image_new(image->width, image->height, chroma, icc);
    if (avif == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    avifResult result = gray ? fill_gray(avif, image)
                             : cio_avif_fill_rgb(avif, image->pixels, image->stride, image->layout, 1);
    if (result != AVIF_RESULT_OK) {
        avifImageDestroy(avif);
        cio_set_message(message, "AVIF conversion to YUV failed: %s", avifResultToString(result));
        return cio_avif_encode_status(result);
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
        return cio_avif_encode_status(result);
    }
    cio_copy_bytes(file.data, file.size, output, output_size);
    avifRWDataFree(&file);
    if (*output == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    return CIO_OK;
}
