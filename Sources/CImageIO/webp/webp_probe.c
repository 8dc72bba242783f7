/* WebP header probe: canvas, alpha, frames, ICCP, EXIF and XMP chunks (EXIF orientation applies, as in JPEG). */
#include "webp/webp_container.h"
#include <string.h>

/* A chunk's payload copied; EXIF chunks written with JPEG's "Exif\0\0" prefix lose it. */
static void copy_chunk(WebPDemuxer *demux, const char *fourcc, uint8_t **copy, size_t *copy_size) {
    WebPChunkIterator chunk;
    if (!WebPDemuxGetChunk(demux, fourcc, 1, &chunk)) return;
    const uint8_t *bytes = chunk.chunk.bytes;
    size_t size = chunk.chunk.size;
    if (strcmp(fourcc, "EXIF") == 0 && size >= 6 && memcmp(bytes, "Exif\0\0", 6) == 0) {
        bytes += 6;
        size -= 6;
    }
    cio_copy_bytes(bytes, size, copy, copy_size);
    WebPDemuxReleaseChunkIterator(&chunk);
}

cio_status cio_webp_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    cio_webp_container container;
    cio_status status = cio_webp_container_open(data, size, &container, message);
    if (status != CIO_OK) return status;
    info->format = CIO_FORMAT_WEBP;
    info->width = container.width;
    info->height = container.height;
    info->has_alpha = container.has_alpha;
    info->channels = container.has_alpha ? 4 : 3;
    info->bit_depth = 8;
    info->animated = container.animated && container.frame_count > 1;
    info->frame_count = container.frame_count;
    info->lossless = container.lossless;
    info->loop_count = (int)WebPDemuxGetI(container.demux, WEBP_FF_LOOP_COUNT);
    info->animation_alpha = container.has_alpha;
    WebPIterator frame;
    if (info->animated && WebPDemuxGetFrame(container.demux, 1, &frame)) {
        do info->duration_ms += (uint64_t)(frame.duration > 0 ? frame.duration : 0);
        while (WebPDemuxNextFrame(&frame));
        WebPDemuxReleaseIterator(&frame);
    }
    info->layout = container.has_alpha ? CIO_RGBA8 : CIO_RGB8;
    copy_chunk(container.demux, "ICCP", &info->icc, &info->icc_size);
    copy_chunk(container.demux, "EXIF", &info->exif, &info->exif_size);
    info->orientation = cio_exif_orientation(info->exif, info->exif_size);
    copy_chunk(container.demux, "XMP ", &info->xmp, &info->xmp_size);
    cio_webp_container_close(&container);
    return CIO_OK;
}
