/* Probes and decodes each file named on the command line through cimageio, printing one line per
 * file. Built and run under valgrind by memcheck-bad.sh. */
#include "cimageio.h"
#include <stdio.h>
#include <stdlib.h>

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    size_t capacity = 1 << 16, used = 0;
    uint8_t *data = malloc(capacity);
    size_t n;
    while (data != NULL && (n = fread(data + used, 1, capacity - used, f)) > 0) {
        used += n;
        if (used == capacity) {
            uint8_t *bigger = realloc(data, capacity * 2);
            if (bigger == NULL) { free(data); data = NULL; break; }
            data = bigger;
            capacity *= 2;
        }
    }
    fclose(f);
    *size = used;
    return data;
}

/* Decodes the whole image, or with `region` its middle third at 1/2 scale (JPEG) so the crop,
 * skip and early-stop paths run too (a HEIF grid's tiles on two threads). */
static void decode(const uint8_t *data, size_t size, int fail_on_truncation, int region, const char *path) {
    cio_decode_options options = {.max_pixels = 268402689, .fail_on_truncation = fail_on_truncation,
                                  .scale_denominator = 1};
    if (region) {
        cio_info info;
        cio_message ignored;
        if (cio_probe(data, size, &info, &ignored) != CIO_OK) return;
        cio_info_release(&info);
        if (info.format == CIO_FORMAT_JPEG) {
            options.scale_denominator = 2;
            info.width = (info.width + 1) / 2;
            info.height = (info.height + 1) / 2;
        }
        if (info.width < 3 || info.height < 3 || (uint64_t)info.width * info.height > options.max_pixels) return;
        options.has_region = 1;
        options.threads = 2;
        options.region_x = info.width / 3;
        options.region_y = info.height / 3;
        options.region_width = info.width / 3;
        options.region_height = info.height / 3;
    }
    cio_decoder *decoder = NULL;
    cio_decode_geometry geometry;
    cio_message message;
    cio_status status = cio_decoder_open(data, size, &options, &decoder, &geometry, &message);
    if (status != CIO_OK) {
        printf("%s: decode(fail=%d region=%d): status %d: %s\n", path, fail_on_truncation, region, status, message.text);
        return;
    }
    size_t stride = (size_t)geometry.width * geometry.layout;
    uint8_t *rows = malloc(stride * 16);
    uint32_t total = 0, got = 0;
    do {
        status = cio_decoder_read_rows(decoder, rows, stride, 16, &got, &message);
        total += got;
    } while (status == CIO_OK && got > 0);
    if (status != CIO_OK) printf("%s: decode(fail=%d region=%d): status %d: %s\n", path, fail_on_truncation, region, status, message.text);
    else printf("%s: decode(fail=%d region=%d): %ux%u layout %d, %u rows, %d warnings%s%s\n", path, fail_on_truncation, region,
                geometry.width, geometry.height, geometry.layout, total, cio_decoder_warning_count(decoder),
                cio_decoder_warning_count(decoder) ? ": " : "",
                cio_decoder_warning_count(decoder) ? cio_decoder_warning(decoder, 0) : "");
    free(rows);
    cio_decoder_close(decoder);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        size_t size = 0;
        uint8_t *data = read_file(argv[i], &size);
        if (data == NULL && size != 0) { printf("%s: cannot read\n", argv[i]); continue; }
        cio_info info;
        cio_message message;
        cio_status status = cio_probe(data, size, &info, &message);
        if (status == CIO_OK) {
            printf("%s: probe: %ux%u ch %d depth %d prog %d alpha %d orient %d icc %zu\n", argv[i], info.width,
                   info.height, info.channels, info.bit_depth, info.progressive, info.has_alpha, info.orientation,
                   info.icc_size);
            cio_info_release(&info);
        } else {
            printf("%s: probe: status %d: %s\n", argv[i], status, message.text);
        }
        decode(data, size, 1, 0, argv[i]);
        decode(data, size, 0, 0, argv[i]);
        decode(data, size, 0, 1, argv[i]);
        free(data);
    }
    return 0;
}
