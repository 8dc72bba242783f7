/* AVIF header probe: the container parsed by libavif, no AV1 decoding. */
#include "avif/avif_reader.h"
#include "colour/nclx_profile.h"

cio_status cio_avif_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    avifDecoder *decoder = NULL;
    cio_avif_size oversize;
    cio_status status = cio_avif_open(data, size, UINT64_MAX, &decoder, &oversize, message);
    if (status == CIO_TOO_LARGE && oversize.width > 0) {
        /* over libavif's limit: the header's size is all there is, as a JPEG's header is read whatever its size */
        info->format = CIO_FORMAT_AVIF;
        info->width = oversize.width;
        info->height = oversize.height;
        info->channels = 3;
        info->bit_depth = 8;
        info->orientation = 1;
        info->layout = CIO_RGB8;
        return CIO_OK;
    }
    if (status != CIO_OK) return status;
    const avifImage *image = decoder->image;
    cio_avif_geometry geometry;
    status = cio_avif_geometry_of(image, &geometry, message);
    if (status != CIO_OK) {
        avifDecoderDestroy(decoder);
        return status;
    }
    info->format = CIO_FORMAT_AVIF;
    info->width = geometry.width;
    info->height = geometry.height;
    info->has_alpha = decoder->alphaPresent != 0;
    info->channels = (image->yuvFormat == AVIF_PIXEL_FORMAT_YUV400 ? 1 : 3) + info->has_alpha;
    info->bit_depth = (int)image->depth;
    info->orientation = 1;
    info->animated = decoder->imageCount > 1;
    info->frame_count = decoder->imageCount > 0 ? (uint32_t)decoder->imageCount : 1;
    if (info->animated) {
        info->loop_count = 0;   /* as cio_avif_frames reports it: libavif 0.11 reads no edit list */
        info->animation_alpha = info->has_alpha;
        avifImageTiming timing;
        for (uint32_t i = 0; i < info->frame_count; i++) {
            if (avifDecoderNthImageTiming(decoder, i, &timing) != AVIF_RESULT_OK) break;
            info->duration_ms += (uint64_t)cio_avif_frame_ms(&timing);
        }
    }
    info->layout = info->has_alpha ? CIO_RGBA8 : CIO_RGB8;
    if (image->icc.size > 0) {
        cio_copy_bytes(image->icc.data, image->icc.size, &info->icc, &info->icc_size);
    } else {
        info->icc = cio_nclx_profile(image->colorPrimaries, image->transferCharacteristics, &info->icc_size);
    }
    cio_copy_heif_exif(image->exif.data, image->exif.size, &info->exif, &info->exif_size);
    cio_copy_bytes(image->xmp.data, image->xmp.size, &info->xmp, &info->xmp_size);
    avifDecoderDestroy(decoder);
    return CIO_OK;
}
