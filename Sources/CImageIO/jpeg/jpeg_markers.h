/* The metadata markers of a JPEG being written (EXIF, XMP, ICC, IPTC), shared by both encoders. */
#ifndef CIMAGEIO_JPEG_MARKERS_H
#define CIMAGEIO_JPEG_MARKERS_H

#include "jpeg/jpeg_error.h"

/* What of `metadata` fits in JPEG markers; what does not is left out with a warning in metadata->dropped. */
typedef struct {
    const cio_metadata *metadata;
    size_t icc_size, exif_size, xmp_size;
    cio_byte_buffer photoshop;    /* the IPTC records as Photoshop resources (malloc'd; free with ..._free) */
} cio_jpeg_markers;

cio_jpeg_markers cio_jpeg_markers_plan(const cio_metadata *metadata);
void cio_jpeg_markers_free(cio_jpeg_markers *markers);

/* Call before the compressor starts: an EXIF APP1 replaces the JFIF APP0 right after SOI. */
void cio_jpeg_markers_prepare(j_compress_ptr cinfo, const cio_jpeg_markers *markers);
/* Writes the markers; call after jpeg_start_compress or jpeg_write_coefficients, before any image data. */
void cio_jpeg_markers_write(j_compress_ptr cinfo, const cio_jpeg_markers *markers);

#endif
