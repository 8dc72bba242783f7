/* libFuzzer target for the cimageio bridge: sniff, probe, row decode with options taken from the
 * first two input bytes, and (sometimes) an encode of the decoded pixels that is decoded again.
 * Input layout: [flags] [region] [JPEG or PNG bytes...]. Built and run by fuzz/run.sh. */
#include "cimageio.h"
#include "internal.h"   /* cio_exif_orientation, to read back a rewritten orientation */
#include <stdlib.h>
#include <string.h>

/* Small enough that giant headers are refused at once and every decode stays fast. */
enum { FUZZ_MAX_PIXELS = 1 << 22, FUZZ_ENCODE_MAX_PIXELS = 1 << 16 };

#define CHECK(condition) do { if (!(condition)) __builtin_trap(); } while (0)

typedef struct {
    uint8_t *pixels;
    size_t stride;
    cio_decode_geometry geometry;
} decoded;

/* Decodes with `options`, reading `batch` rows per call (and stopping early if `stop_after` > 0);
 * keeps the pixels only when `keep` is nonzero and the decode completes. */
static cio_status decode(const uint8_t *data, size_t size, const cio_decode_options *options, uint32_t batch,
                         uint32_t stop_after, int keep, decoded *out) {
    cio_decoder *decoder = NULL;
    cio_decode_geometry geometry;
    cio_message message;
    message.text[0] = '\0';
    cio_status status = cio_decoder_open(data, size, options, &decoder, &geometry, &message);
    if (status != CIO_OK) {
        CHECK(decoder == NULL && message.text[0] != '\0');
        return status;
    }
    CHECK(geometry.width > 0 && geometry.height > 0);
    CHECK(geometry.x <= geometry.scaled_width && geometry.width <= geometry.scaled_width - geometry.x);
    CHECK(geometry.y <= geometry.scaled_height && geometry.height <= geometry.scaled_height - geometry.y);
    CHECK((uint64_t)geometry.width * geometry.height <= options->max_pixels);
    const size_t stride = (size_t)geometry.width * (size_t)geometry.layout + (batch & 3);
    uint8_t *pixels = malloc(stride * geometry.height);
    CHECK(pixels != NULL);
    uint32_t total = 0;
    if (batch == 17) {   /* a stride shorter than a row is refused without touching the decoder */
        uint32_t got = 1;
        CHECK(cio_decoder_read_rows(decoder, pixels, (size_t)geometry.width * (size_t)geometry.layout - 1, 1, &got,
                                    &message) == CIO_INVALID_ARGUMENT && got == 0);
    }
    for (;;) {
        uint32_t got = 0;
        status = cio_decoder_read_rows(decoder, pixels + (size_t)total * stride, stride, batch, &got, &message);
        CHECK(got <= batch && total + got <= geometry.height);
        total += got;
        if (status != CIO_OK || got == 0 || (stop_after > 0 && total >= stop_after)) break;
    }
    if (status == CIO_OK && (stop_after == 0 || total < stop_after)) CHECK(total == geometry.height);
    for (int i = 0; i < cio_decoder_warning_count(decoder); i++) CHECK(strlen(cio_decoder_warning(decoder, i)) < 256);
    cio_decoder_close(decoder);
    if (keep && status == CIO_OK && total == geometry.height) {
        out->pixels = pixels;
        out->stride = stride;
        out->geometry = geometry;
    } else {
        free(pixels);
    }
    return status;
}

/* Encodes the decoded pixels as JPEG (no alpha) or PNG and checks the result decodes to the same size. */
static void round_trip(const decoded *image, uint8_t flags, uint8_t region) {
    cio_image input = {.pixels = image->pixels, .width = image->geometry.width, .height = image->geometry.height,
                       .stride = image->stride, .layout = image->geometry.layout};
    uint8_t *output = NULL;
    size_t output_size = 0;
    cio_message message;
    const uint8_t icc[] = {0, 0, 0, 16, 'f', 'u', 'z', 'z', 0, 0, 0, 0, 0, 0, 0, 0};
    cio_status status;
    const int jpeg = (flags & 0x40) && (input.layout == CIO_GRAY8 || input.layout == CIO_RGB8);
    /* any bytes go into JPEG APP2; libpng checks the profile header, so PNG gets none */
    const int with_icc = jpeg && (region & 1);
    if (jpeg) {
        cio_jpeg_options options = {.quality = 1 + region % 100, .progressive = (region >> 1) & 1,
                                    .full_chroma = (region >> 2) & 1, .optimize_huffman = (region >> 3) & 1,
                                    .encoder = (region >> 4) & 1 ? CIO_JPEG_TRELLIS : CIO_JPEG_TURBO};
        cio_metadata metadata = {.icc = with_icc ? icc : NULL, .icc_size = with_icc ? sizeof icc : 0};
        status = cio_encode_jpeg(&input, &options, &metadata, &output, &output_size, &message);
    } else {
        cio_png_options options = {.compression_level = region % 10};
        cio_metadata none = {0};
        status = cio_encode_png(&input, &options, &none, &output, &output_size, &message);
    }
    CHECK(status == CIO_OK);
    cio_info info;
    status = cio_probe(output, output_size, &info, &message);
    CHECK(status == CIO_OK && info.width == input.width && info.height == input.height);
    CHECK(!with_icc || (info.icc_size == sizeof icc && memcmp(info.icc, icc, sizeof icc) == 0));
    cio_info_release(&info);
    cio_decode_options options = {.max_pixels = FUZZ_MAX_PIXELS, .fail_on_truncation = 1, .scale_denominator = 1};
    decoded again = {0};
    status = decode(output, output_size, &options, 7, 0, 1, &again);
    CHECK(status == CIO_OK && again.geometry.width == input.width && again.geometry.height == input.height);
    /* PNG is lossless: the pixels must come back exactly */
    if (!jpeg) {
        CHECK(again.geometry.layout == input.layout);
        const size_t row = (size_t)input.width * (size_t)input.layout;
        for (uint32_t y = 0; y < input.height; y++) {
            CHECK(memcmp(again.pixels + y * again.stride, input.pixels + y * input.stride, row) == 0);
        }
    }
    free(again.pixels);
    cio_free(output);
}

/* A WebP decodes only the part a region needs (cropping, at 1/d averaging while decoding): its rows
 * must be that part of the whole decode at the same scale. */
static void same_as_whole(const uint8_t *data, size_t size, const cio_decode_options *options) {
    cio_decode_options whole_options = *options;
    whole_options.has_region = 0;
    decoded part = {0}, whole = {0};
    if (decode(data, size, options, 5, 0, 1, &part) == CIO_OK && part.pixels != NULL &&
        decode(data, size, &whole_options, 9, 0, 1, &whole) == CIO_OK && whole.pixels != NULL) {
        const size_t pixel = (size_t)part.geometry.layout;
        CHECK(whole.geometry.layout == part.geometry.layout);
        for (uint32_t y = 0; y < part.geometry.height; y++) {
            CHECK(memcmp(part.pixels + y * part.stride,
                         whole.pixels + (part.geometry.y + y) * whole.stride + part.geometry.x * pixel,
                         part.geometry.width * pixel) == 0);
        }
    }
    free(part.pixels);
    free(whole.pixels);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    if (size < 2) return 0;
    const uint8_t flags = bytes[0], region = bytes[1];
    const uint8_t *data = bytes + 2;
    size -= 2;

    cio_format format = cio_sniff_format(data, size);
    cio_info info;
    cio_message message;
    cio_status status = cio_probe(data, size, &info, &message);
    if (status == CIO_OK) {
        CHECK(info.format == format && info.orientation >= 1 && info.orientation <= 8);
        CHECK(info.layout >= CIO_GRAY8 && info.layout <= CIO_RGBA8);
        CHECK((info.icc == NULL) == (info.icc_size == 0));
        if (info.icc_size > 0) CHECK(info.icc[0] == info.icc[0] && info.icc[info.icc_size - 1] == info.icc[info.icc_size - 1]);
        CHECK((info.exif == NULL) == (info.exif_size == 0));
        if (info.exif_size > 0) {   /* rewriting the orientation stays inside the block and reads back */
            if (cio_exif_set_orientation(info.exif, info.exif_size, 1 + flags % 8)) {
                CHECK(cio_exif_orientation(info.exif, info.exif_size) == 1 + flags % 8);
            }
        }
    } else {
        CHECK(info.icc == NULL);
    }
    cio_info_release(&info);

    /* flags: bits 0-1 scale, bit 2 region, bit 3 fail on truncation, bit 4 round trip,
     * bit 5 early stop, bit 6 JPEG (not PNG) round trip, bit 7 a tiny pixel limit */
    cio_decode_options options = {
        .max_pixels = (flags & 0x80) ? 4096 : FUZZ_MAX_PIXELS,
        .fail_on_truncation = (flags >> 3) & 1,
        .scale_denominator = format == CIO_FORMAT_PNG ? 1 : 1 << (flags & 3),
        .threads = 1 + ((flags ^ region) & 3),   /* a HEIF grid's tiles on 1 to 4 threads */
    };
    if (region == 0xFF) {   /* regions outside the image and bad scales are argument errors */
        cio_decoder *decoder = NULL;
        cio_decode_geometry geometry;
        cio_decode_options bad = options;
        bad.scale_denominator = 3;
        CHECK(cio_decoder_open(data, size, &bad, &decoder, &geometry, &message) != CIO_OK && decoder == NULL);
        bad = options;
        bad.has_region = 1;
        bad.region_x = UINT32_MAX;
        bad.region_width = 2;
        bad.region_height = 1;
        CHECK(cio_decoder_open(data, size, &bad, &decoder, &geometry, &message) != CIO_OK && decoder == NULL);
    }
    if (flags & 4) {
        /* the region in sixteenths of the scaled size: probe for the full size, scale by rounding up */
        cio_decoder *decoder = NULL;
        cio_decode_geometry geometry;
        if (cio_decoder_open(data, size, &options, &decoder, &geometry, &message) != CIO_OK) return 0;
        cio_decoder_close(decoder);
        uint32_t w = geometry.scaled_width, h = geometry.scaled_height;
        options.has_region = 1;
        options.region_x = (uint32_t)((uint64_t)w * (region & 15) / 16);
        options.region_y = (uint32_t)((uint64_t)h * (region >> 4) / 16);
        options.region_width = (w - options.region_x + 1) / 2 + (region & 1) * ((w - options.region_x) / 2);
        options.region_height = (h - options.region_y + 1) / 2 + ((region >> 1) & 1) * ((h - options.region_y) / 2);
        if (options.region_width == 0) options.region_width = 1;
        if (options.region_height == 0) options.region_height = 1;
        if (options.region_x + options.region_width > w || options.region_y + options.region_height > h) return 0;
    }
    const uint32_t batch = 1 + (region % 17);
    const uint32_t stop_after = (flags & 0x20) ? 1 + region / 8 : 0;
    decoded image = {0};
    const int round = (flags & 0x10) && stop_after == 0;
    if (format == CIO_FORMAT_WEBP && options.has_region && stop_after == 0) {
        same_as_whole(data, size, &options);
    }
    status = decode(data, size, &options, batch, stop_after, round, &image);
    if (image.pixels != NULL) {
        if ((uint64_t)image.geometry.width * image.geometry.height <= FUZZ_ENCODE_MAX_PIXELS) round_trip(&image, flags, region);
        free(image.pixels);
    }
    return 0;
}
