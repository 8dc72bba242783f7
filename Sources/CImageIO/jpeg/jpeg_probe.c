/* JPEG header probe: jpeg_read_header with the APP1 (EXIF, XMP), APP2 (ICC) and APP13 (IPTC) markers saved. */
#include "jpeg/jpeg_error.h"
#include <stdlib.h>
#include <string.h>

static const char XMP_SIGNATURE[] = "http://ns.adobe.com/xap/1.0/";   /* and its NUL */
static const char PHOTOSHOP_SIGNATURE[] = "Photoshop 3.0";         /* and its NUL */

/* The first APPn marker whose data starts with `signature` (`length` bytes), or NULL. */
static jpeg_saved_marker_ptr marker(j_decompress_ptr cinfo, int n, const char *signature, size_t length) {
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + n && m->data_length >= length && memcmp(m->data, signature, length) == 0) return m;
    }
    return NULL;
}

cio_status cio_jpeg_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    struct jpeg_decompress_struct cinfo;
    cio_jpeg_error error;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = cio_jpeg_error_init(&error, NULL, 1);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        cio_info_release(info);
        *message = error.message;
        return error.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 13, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    info->format = CIO_FORMAT_JPEG;
    info->width = cinfo.image_width;
    info->height = cinfo.image_height;
    info->channels = cinfo.num_components;
    info->bit_depth = cinfo.data_precision;
    info->progressive = jpeg_has_multiple_scans(&cinfo) ? 1 : 0;
    info->has_alpha = 0;
    info->orientation = 1;
    jpeg_saved_marker_ptr exif = marker(&cinfo, 1, "Exif\0\0", 6);
    if (exif != NULL) {
        info->orientation = cio_exif_orientation(exif->data + 6, exif->data_length - 6);
        cio_copy_bytes(exif->data + 6, exif->data_length - 6, &info->exif, &info->exif_size);
    }
    jpeg_saved_marker_ptr xmp = marker(&cinfo, 1, XMP_SIGNATURE, sizeof XMP_SIGNATURE);
    if (xmp != NULL) {
        cio_copy_bytes(xmp->data + sizeof XMP_SIGNATURE, xmp->data_length - sizeof XMP_SIGNATURE, &info->xmp, &info->xmp_size);
    }
    jpeg_saved_marker_ptr photoshop = marker(&cinfo, 13, PHOTOSHOP_SIGNATURE, sizeof PHOTOSHOP_SIGNATURE);
    if (photoshop != NULL) {
        cio_iptc_from_photoshop(photoshop->data + sizeof PHOTOSHOP_SIGNATURE, photoshop->data_length - sizeof PHOTOSHOP_SIGNATURE,
                                &info->iptc, &info->iptc_size);
    }
    info->layout = cinfo.jpeg_color_space == JCS_GRAYSCALE ? CIO_GRAY8 : CIO_RGB8;
    JOCTET *icc = NULL;
    unsigned int icc_size = 0;
    if (jpeg_read_icc_profile(&cinfo, &icc, &icc_size) && icc != NULL) {
        info->icc = icc;
        info->icc_size = icc_size;
    }
    jpeg_destroy_decompress(&cinfo);
    return CIO_OK;
}
