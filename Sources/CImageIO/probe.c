/* The header-only probe, dispatched by magic bytes. */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

cio_status cio_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    memset(info, 0, sizeof *info);
    cio_status status;
    switch (cio_sniff_format(data, size)) {
    case CIO_FORMAT_JPEG: status = cio_jpeg_probe(data, size, info, message); break;
    case CIO_FORMAT_PNG: status = cio_png_probe(data, size, info, message); break;
    case CIO_FORMAT_WEBP: status = cio_webp_probe(data, size, info, message); break;
    case CIO_FORMAT_AVIF: status = cio_avif_probe(data, size, info, message); break;
    case CIO_FORMAT_HEIF: status = cio_heif_probe(data, size, info, message); break;
    case CIO_FORMAT_GIF: status = cio_gif_probe(data, size, info, message); break;
    default:
        cio_set_message(message, size == 0 ? "empty file" : "unsupported: not a JPEG, PNG, WebP, AVIF, HEIF or GIF file");
        return CIO_UNSUPPORTED;
    }
    if (status == CIO_OK && info->frame_count == 0) info->frame_count = 1;
    return status;
}

void cio_info_release(cio_info *info) {
    if (info == NULL) return;
    free(info->icc);
    info->icc = NULL;
    info->icc_size = 0;
    free(info->exif);
    info->exif = NULL;
    info->exif_size = 0;
    free(info->xmp);
    info->xmp = NULL;
    info->xmp_size = 0;
    free(info->iptc);
    info->iptc = NULL;
    info->iptc_size = 0;
}
