/* Format sniffing by magic bytes and the header-only probe. */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

cio_format cio_sniff_format(const uint8_t *data, size_t size) {
    static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (data == NULL) return CIO_FORMAT_UNKNOWN;
    if (size >= 2 && data[0] == 0xFF && data[1] == 0xD8) return CIO_FORMAT_JPEG;   /* SOI */
    if (size >= 8 && memcmp(data, png_signature, 8) == 0) return CIO_FORMAT_PNG;
    return CIO_FORMAT_UNKNOWN;
}

static cio_status unknown_format(size_t size, cio_message *message) {
    if (size == 0) cio_set_message(message, "empty file");
    else cio_set_message(message, "unsupported: not a JPEG or PNG file");
    return CIO_UNSUPPORTED;
}

cio_status cio_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    memset(info, 0, sizeof *info);
    switch (cio_sniff_format(data, size)) {
    case CIO_FORMAT_JPEG: return cio_jpeg_probe(data, size, info, message);
    case CIO_FORMAT_PNG: return cio_png_probe(data, size, info, message);
    default: return unknown_format(size, message);
    }
}

void cio_info_release(cio_info *info) {
    if (info == NULL) return;
    free(info->icc);
    info->icc = NULL;
    info->icc_size = 0;
    free(info->exif);
    info->exif = NULL;
    info->exif_size = 0;
}
