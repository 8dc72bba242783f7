/* libFuzzer target for the trellis JPEG encoder (coefficients, trellis, scan choice, coefficient
 * writer): pixels and settings from the input, the JPEG decoded again. Input layout:
 * [width] [height] [flags] [quality] [pixels...] (pixels repeat when short). Flags: bit 0 grey,
 * bit 1 4:4:4, bits 2-3 scans (by size, progressive, sequential), bits 4-5 extra row padding.
 * Built and run by fuzz/run.sh with TARGET encode. */
#include "cimageio.h"
#include <stdlib.h>
#include <string.h>

#define CHECK(condition) do { if (!(condition)) __builtin_trap(); } while (0)

enum { MAX_SIDE = 96 };

/* Encodes `image`, checks the result decodes to its size and layout, returns the file (free with cio_free). */
static uint8_t *encode_and_check(const cio_image *image, const cio_jpeg_options *options, size_t *size,
                                 uint8_t **decoded, size_t *decoded_stride) {
    uint8_t *output = NULL;
    cio_message message;
    cio_metadata metadata = {0};
    CHECK(cio_encode_jpeg(image, options, &metadata, &output, size, &message) == CIO_OK);
    cio_info info;
    CHECK(cio_probe(output, *size, &info, &message) == CIO_OK);
    CHECK(info.width == image->width && info.height == image->height && info.layout == image->layout);
    CHECK(info.progressive == (options->progressive ? 1 : info.progressive) && (!options->sequential || !info.progressive));
    cio_info_release(&info);
    cio_decode_options decode = {.max_pixels = MAX_SIDE * MAX_SIDE, .fail_on_truncation = 1, .scale_denominator = 1};
    cio_decoder *decoder = NULL;
    cio_decode_geometry geometry;
    CHECK(cio_decoder_open(output, *size, &decode, &decoder, &geometry, &message) == CIO_OK);
    CHECK(geometry.width == image->width && geometry.height == image->height && geometry.layout == image->layout);
    *decoded_stride = (size_t)geometry.width * (size_t)geometry.layout;
    *decoded = malloc(*decoded_stride * geometry.height);
    CHECK(*decoded != NULL);
    uint32_t total = 0, got = 0;
    do {
        CHECK(cio_decoder_read_rows(decoder, *decoded + total * *decoded_stride, *decoded_stride, 8, &got, &message) == CIO_OK);
        total += got;
    } while (got > 0);
    CHECK(total == geometry.height && cio_decoder_warning_count(decoder) == 0);
    cio_decoder_close(decoder);
    return output;
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    if (size < 4) return 0;
    const uint32_t width = 1 + bytes[0] % MAX_SIDE, height = 1 + bytes[1] % MAX_SIDE;
    const uint8_t flags = bytes[2];
    const int gray = flags & 1, scans = ((flags >> 2) & 3) % 3;
    const size_t channels = gray ? 1 : 3, stride = width * channels + ((flags >> 4) & 3);
    uint8_t *pixels = malloc(stride * height);
    CHECK(pixels != NULL);
    const uint8_t *data = bytes + 4;
    const size_t data_size = size - 4;
    for (size_t i = 0; i < stride * height; i++) pixels[i] = data_size > 0 ? data[i % data_size] : 0;
    cio_image image = {.pixels = pixels, .width = width, .height = height, .stride = stride,
                       .layout = gray ? CIO_GRAY8 : CIO_RGB8};
    cio_jpeg_options options = {.quality = 1 + bytes[3] % 100, .progressive = scans == 1, .full_chroma = (flags >> 1) & 1,
                                .encoder = CIO_JPEG_TRELLIS, .sequential = scans == 2};
    size_t first_size = 0, second_size = 0, decoded_stride = 0;
    uint8_t *decoded = NULL, *again = NULL;
    uint8_t *first = encode_and_check(&image, &options, &first_size, &decoded, &decoded_stride);
    /* the same input gives the same bytes */
    uint8_t *second = encode_and_check(&image, &options, &second_size, &again, &decoded_stride);
    CHECK(first_size == second_size && memcmp(first, second, first_size) == 0);
    /* at quality 100 a grey image (no chroma to lose) comes back within a few levels on average */
    if (gray && options.quality == 100) {
        uint64_t error = 0;
        for (uint32_t y = 0; y < height; y++) {
            for (uint32_t x = 0; x < width; x++) error += (uint64_t)abs(decoded[y * decoded_stride + x] - pixels[y * stride + x]);
        }
        CHECK(error <= 3ull * width * height);
    }
    free(decoded);
    free(again);
    cio_free(first);
    cio_free(second);
    free(pixels);
    return 0;
}
