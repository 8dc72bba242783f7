/* PNG header probe: png_read_info up to the first IDAT, with iCCP and eXIf. */
#include "png/png_reader.h"
#include <stdlib.h>
#include <string.h>

cio_status cio_png_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    cio_png_source source = {.data = data, .size = size};
    png_infop png_info = NULL;
    png_structp png = cio_png_create_reader(&source, &png_info);
    if (png == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &png_info, NULL);
        cio_info_release(info);
        *message = source.message;
        return source.status;
    }
    png_read_info(png, png_info);
    info->format = CIO_FORMAT_PNG;
    info->width = png_get_image_width(png, png_info);
    info->height = png_get_image_height(png, png_info);
    info->channels = png_get_channels(png, png_info);
    info->bit_depth = png_get_bit_depth(png, png_info);
    info->progressive = png_get_interlace_type(png, png_info) == PNG_INTERLACE_ADAM7;
    info->has_alpha = (png_get_color_type(png, png_info) & PNG_COLOR_MASK_ALPHA) != 0 ||
                      png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;
    info->layout = cio_png_output_layout(png, png_info);
    info->orientation = 1;
    /* eXIf may follow IDAT, where png_read_info never looks */
    const uint8_t *exif = NULL;
    size_t exif_size = 0;
    if (cio_png_find_chunk(data, size, "eXIf", &exif, &exif_size)) {
        cio_copy_bytes(exif, exif_size, &info->exif, &info->exif_size);
    } else {
        cio_png_raw_profile_exif(data, size, &info->exif, &info->exif_size);
    }
    if (info->exif != NULL && cio_exif_has_orientation(info->exif, info->exif_size)) {
        info->orientation = cio_exif_orientation(info->exif, info->exif_size);
    } else {
        /* EXIF without an orientation: XMP's tiff:Orientation, as Pillow's exif_transpose does */
        const int xmp = cio_png_xmp_orientation(data, size);
        if (xmp != 0) info->orientation = xmp;
    }
    cio_png_xmp(data, size, &info->xmp, &info->xmp_size);
    cio_png_raw_profile_iptc(data, size, &info->iptc, &info->iptc_size);
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (png_get_iCCP(png, png_info, &name, &compression, &profile, &profile_size) != 0 && profile_size > 0) {
        cio_copy_bytes(profile, profile_size, &info->icc, &info->icc_size);
    }
    png_destroy_read_struct(&png, &png_info, NULL);
    return CIO_OK;
}
