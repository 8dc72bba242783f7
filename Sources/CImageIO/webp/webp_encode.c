/* WebP encoding through libwebp's advanced API; libwebpmux adds the ICCP and EXIF chunks (VP8X). */
#include "internal.h"
#include <webp/encode.h>
#include <webp/mux.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int write_bytes(const uint8_t *data, size_t size, const WebPPicture *picture) {
    cio_byte_buffer *buffer = picture->custom_ptr;
    if (!cio_byte_buffer_reserve(buffer, size)) return 0;
    memcpy(buffer->bytes + buffer->size, data, size);
    buffer->size += size;
    return 1;
}

static const char *encode_error(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory for the bitstream";
    case VP8_ENC_ERROR_INVALID_CONFIGURATION: return "invalid configuration";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "bad dimensions";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "first partition over 512 KB (lower the quality)";
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "partition over 16 MB";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "file over 4 GB";
    default: return "encoder failure";
    }
}

/* Grey rows widened to RGB or RGBA (WebP has no grey); NULL when out of memory. */
static uint8_t *widened_gray(const cio_image *image, int alpha) {
    const size_t channels = alpha ? 4 : 3, row = (size_t)image->width * channels;
    uint8_t *pixels = malloc(row * image->height);
    if (pixels == NULL) return NULL;
    for (uint32_t y = 0; y < image->height; y++) {
        const uint8_t *in = image->pixels + (size_t)y * image->stride;
        uint8_t *out = pixels + (size_t)y * row;
        for (uint32_t x = 0; x < image->width; x++, out += channels, in += alpha ? 2 : 1) {
            out[0] = out[1] = out[2] = in[0];
            if (alpha) out[3] = in[1];
        }
    }
    return pixels;
}

/* The bare VP8/VP8L file for the pixels. */
static cio_status encode_bitstream(const cio_image *image, const cio_webp_options *options, cio_byte_buffer *buffer,
                                   cio_message *message) {
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) {
        cio_set_message(message, "libwebp version mismatch");
        return CIO_INVALID_ARGUMENT;
    }
    config.quality = (float)options->quality;
    config.method = options->method;
    config.lossless = options->lossless ? 1 : 0;
    config.exact = config.lossless;
    config.use_sharp_yuv = options->sharp_yuv ? 1 : 0;
    if (!WebPValidateConfig(&config)) {
        cio_set_message(message, "libwebp rejected the WebP options");
        return CIO_INVALID_ARGUMENT;
    }
    picture.width = (int)image->width;
    picture.height = (int)image->height;
    picture.use_argb = config.lossless;
    picture.writer = write_bytes;
    picture.custom_ptr = buffer;
    const int gray = image->layout == CIO_GRAY8 || image->layout == CIO_GRAY_ALPHA8;
    const int alpha = image->layout == CIO_GRAY_ALPHA8 || image->layout == CIO_RGBA8;
    uint8_t *widened = gray ? widened_gray(image, alpha) : NULL;
    if (gray && widened == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    const uint8_t *rows = gray ? widened : image->pixels;
    const int stride = gray ? (int)(image->width * (alpha ? 4 : 3)) : (int)image->stride;
    int imported = alpha ? WebPPictureImportRGBA(&picture, rows, stride) : WebPPictureImportRGB(&picture, rows, stride);
    free(widened);
    if (!imported) {
        WebPPictureFree(&picture);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    int encoded = WebPEncode(&config, &picture);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!encoded) {
        free(buffer->bytes);
        buffer->bytes = NULL;
        cio_set_message(message, "WebP encoding failed: %s", encode_error(error));
        return error == VP8_ENC_ERROR_OUT_OF_MEMORY || error == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY ? CIO_OUT_OF_MEMORY
                                                                                                      : CIO_INVALID_ARGUMENT;
    }
    return CIO_OK;
}

/* Whether the profile can label the RGB WebP holds: a grey profile cannot (a warning says so). */
static int writable_icc(const cio_metadata *metadata) {
    if (metadata->icc == NULL || metadata->icc_size == 0) return 0;
    if (metadata->icc_size >= 20 && memcmp(metadata->icc + 16, "GRAY", 4) == 0) {
        cio_warnings_add(metadata->dropped, "ICC profile dropped: a grey profile cannot describe WebP's RGB pixels");
        return 0;
    }
    if (metadata->icc_size > UINT32_MAX - 16) {
        cio_warnings_add(metadata->dropped, "ICC profile dropped: too large for a WebP chunk");
        return 0;
    }
    return 1;
}

/* The bitstream in a VP8X container with the given chunks, copied into a malloc'd buffer. */
static WebPMuxError assemble(const cio_byte_buffer *bitstream, const cio_metadata *metadata, int icc, int exif, int xmp,
                             cio_byte_buffer *file) {
    WebPMux *mux = WebPMuxNew();
    if (mux == NULL) return WEBP_MUX_MEMORY_ERROR;
    WebPData image = {bitstream->bytes, bitstream->size}, assembled = {NULL, 0};
    WebPData profile = {metadata->icc, metadata->icc_size}, tiff = {metadata->exif, metadata->exif_size},
             packet = {metadata->xmp, metadata->xmp_size};
    WebPMuxError error = WebPMuxSetImage(mux, &image, 0);
    if (error == WEBP_MUX_OK && icc) error = WebPMuxSetChunk(mux, "ICCP", &profile, 0);
    if (error == WEBP_MUX_OK && exif) error = WebPMuxSetChunk(mux, "EXIF", &tiff, 0);
    if (error == WEBP_MUX_OK && xmp) error = WebPMuxSetChunk(mux, "XMP ", &packet, 0);
    if (error == WEBP_MUX_OK) error = WebPMuxAssemble(mux, &assembled);
    WebPMuxDelete(mux);
    if (error == WEBP_MUX_OK) {
        if (cio_byte_buffer_reserve(file, assembled.size)) {
            memcpy(file->bytes, assembled.bytes, assembled.size);
            file->size = assembled.size;
        } else {
            error = WEBP_MUX_MEMORY_ERROR;
        }
    }
    WebPDataClear(&assembled);
    return error;
}

cio_status cio_encode_webp(const cio_image *image, const cio_webp_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message) {
    *output = NULL;
    *output_size = 0;
    cio_status status = cio_check_image(image, 0, message);
    if (status != CIO_OK) return status;
    if (image->width > WEBP_MAX_DIMENSION || image->height > WEBP_MAX_DIMENSION) {
        cio_set_message(message, "WebP images are at most %d pixels wide and high (got %ux%u)", WEBP_MAX_DIMENSION,
                        image->width, image->height);
        return CIO_INVALID_ARGUMENT;
    }
    if (image->stride > INT_MAX) {
        cio_set_message(message, "row stride %zu is over libwebp's %d bytes", image->stride, INT_MAX);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->quality < 1 || options->quality > 100) {
        cio_set_message(message, "WebP quality must be 1...100 (got %d)", options->quality);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->method < 0 || options->method > 6) {
        cio_set_message(message, "WebP method (effort) must be 0...6 (got %d)", options->method);
        return CIO_INVALID_ARGUMENT;
    }
    const int icc = writable_icc(metadata);
    const int exif = metadata->exif != NULL && metadata->exif_size > 0 &&
                     cio_exif_is_tiff(metadata->exif, metadata->exif_size, UINT32_MAX - 16, metadata->dropped);
    const int xmp = metadata->xmp != NULL && metadata->xmp_size > 0 && metadata->xmp_size <= UINT32_MAX - 16;
    if (metadata->iptc != NULL && metadata->iptc_size > 0) {
        cio_warnings_add(metadata->dropped, "IPTC dropped: WebP has no place for it (XMP carries the same fields)");
    }
    cio_byte_buffer bitstream = {NULL, 0, 0};
    status = encode_bitstream(image, options, &bitstream, message);
    if (status != CIO_OK) return status;
    if (icc || exif || xmp) {
        cio_byte_buffer file = {NULL, 0, 0};
        WebPMuxError error = assemble(&bitstream, metadata, icc, exif, xmp, &file);
        if (error == WEBP_MUX_OK) {
            free(bitstream.bytes);
            bitstream = file;
        } else {
            /* metadata never costs the image: the bare bitstream is written instead */
            free(file.bytes);
            char line[CIO_MESSAGE_CAPACITY];
            snprintf(line, sizeof line, "%s%s%s dropped: libwebpmux error %d", icc ? "ICC profile " : "",
                     exif ? "EXIF " : "", xmp ? "XMP" : "", (int)error);
            cio_warnings_add(metadata->dropped, line);
        }
    }
    *output = bitstream.bytes;
    *output_size = bitstream.size;
    return CIO_OK;
}
