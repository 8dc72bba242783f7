/* The metadata markers of a JPEG: EXIF and XMP in APP1, the ICC profile in APP2 markers, IPTC in APP13. */
#include "jpeg/jpeg_markers.h"
#include <stdlib.h>

enum { MAX_ICC_SIZE = 255 * 65519, MAX_SEGMENT_DATA = 65533, MAX_EXIF_SIZE = MAX_SEGMENT_DATA - 6 };

static const char XMP_SIGNATURE[] = "http://ns.adobe.com/xap/1.0/";   /* and its NUL */
static const char PHOTOSHOP_SIGNATURE[] = "Photoshop 3.0";         /* and its NUL */

/* One APPn marker: `signature` (with its NUL), then `size` bytes. The caller checked that they fit. */
static void write_marker(j_compress_ptr cinfo, int n, const char *signature, size_t signature_size, const uint8_t *data,
                         size_t size) {
    jpeg_write_m_header(cinfo, JPEG_APP0 + n, (unsigned int)(signature_size + size));
    for (size_t i = 0; i < signature_size; i++) jpeg_write_m_byte(cinfo, signature[i]);
    for (size_t i = 0; i < size; i++) jpeg_write_m_byte(cinfo, data[i]);
}

/* The XMP packet's size, or 0 (with a warning) when it is over one APP1 marker (no extended XMP). */
static size_t writable_xmp_size(const cio_metadata *metadata) {
    if (metadata->xmp == NULL || metadata->xmp_size == 0) return 0;
    if (metadata->xmp_size <= MAX_SEGMENT_DATA - sizeof XMP_SIGNATURE) return metadata->xmp_size;
    char line[CIO_MESSAGE_CAPACITY];
    snprintf(line, sizeof line, "XMP dropped: %zu bytes do not fit in one JPEG APP1 marker", metadata->xmp_size);
    cio_warnings_add(metadata->dropped, line);
    return 0;
}

/* The IPTC records as Photoshop resources for one APP13 marker; empty (with a warning) when too large. */
static cio_byte_buffer writable_photoshop(const cio_metadata *metadata) {
    cio_byte_buffer resources = {NULL, 0, 0};
    if (metadata->iptc == NULL || metadata->iptc_size == 0) return resources;
    if (metadata->iptc_size + 13 > MAX_SEGMENT_DATA - sizeof PHOTOSHOP_SIGNATURE ||
        !cio_photoshop_append_iptc(&resources, metadata->iptc, metadata->iptc_size)) {
        free(resources.bytes);
        resources = (cio_byte_buffer){NULL, 0, 0};
        cio_warnings_add(metadata->dropped, "IPTC dropped: too large for one JPEG APP13 marker");
    }
    return resources;
}

/* The profile's size, or 0 (with a warning) when it does not fit in 255 APP2 markers: metadata never
 * costs the image. */
static size_t writable_icc_size(const cio_metadata *metadata) {
    if (metadata->icc == NULL || metadata->icc_size <= MAX_ICC_SIZE) return metadata->icc == NULL ? 0 : metadata->icc_size;
    char line[CIO_MESSAGE_CAPACITY];
    snprintf(line, sizeof line, "ICC profile dropped: %zu bytes do not fit in 255 JPEG APP2 markers", metadata->icc_size);
    cio_warnings_add(metadata->dropped, line);
    return 0;
}

/* The EXIF block's size, or 0 (with a warning) when it is over one APP1 marker or not TIFF. */
static size_t writable_exif_size(const cio_metadata *metadata) {
    if (metadata->exif == NULL || metadata->exif_size == 0) return 0;
    return cio_exif_is_tiff(metadata->exif, metadata->exif_size, MAX_EXIF_SIZE, metadata->dropped) ? metadata->exif_size : 0;
}

cio_jpeg_markers cio_jpeg_markers_plan(const cio_metadata *metadata) {
    cio_jpeg_markers markers = {metadata, writable_icc_size(metadata), writable_exif_size(metadata),
                                writable_xmp_size(metadata), {NULL, 0, 0}};
    markers.photoshop = writable_photoshop(metadata);
    return markers;
}

void cio_jpeg_markers_free(cio_jpeg_markers *markers) {
    free(markers->photoshop.bytes);
    markers->photoshop = (cio_byte_buffer){NULL, 0, 0};
}

void cio_jpeg_markers_prepare(j_compress_ptr cinfo, const cio_jpeg_markers *markers) {
    if (markers->exif_size > 0) cinfo->write_JFIF_header = FALSE;   /* EXIF's APP1 comes right after SOI */
}

void cio_jpeg_markers_write(j_compress_ptr cinfo, const cio_jpeg_markers *markers) {
    const cio_metadata *metadata = markers->metadata;
    if (markers->exif_size > 0) write_marker(cinfo, 1, "Exif\0", 6, metadata->exif, markers->exif_size);
    if (markers->xmp_size > 0) write_marker(cinfo, 1, XMP_SIGNATURE, sizeof XMP_SIGNATURE, metadata->xmp, markers->xmp_size);
    if (markers->icc_size > 0) jpeg_write_icc_profile(cinfo, metadata->icc, (unsigned int)markers->icc_size);
    if (markers->photoshop.size > 0) {
        write_marker(cinfo, 13, PHOTOSHOP_SIGNATURE, sizeof PHOTOSHOP_SIGNATURE, markers->photoshop.bytes,
                     markers->photoshop.size);
    }
}
