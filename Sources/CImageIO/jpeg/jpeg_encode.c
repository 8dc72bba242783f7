/* JPEG encoding through libjpeg-turbo into a growable memory buffer. */
#include "jpeg/jpeg_error.h"
#include <stdlib.h>
#include <string.h>

enum { MAX_JPEG_DIMENSION = 65500, MAX_ICC_SIZE = 255 * 65519, MAX_SEGMENT_DATA = 65533, MAX_EXIF_SIZE = MAX_SEGMENT_DATA - 6,
       BATCH_ROWS = 16 };

static const char XMP_SIGNATURE[] = "http://ns.adobe.com/xap/1.0/";   /* and its NUL */
static const char PHOTOSHOP_SIGNATURE[] = "Photoshop 3.0";         /* and its NUL */

typedef struct {
    struct jpeg_destination_mgr pub;
    cio_byte_buffer buffer;
} memory_destination;

static void init_destination(j_compress_ptr cinfo) {
    memory_destination *dest = (memory_destination *)cinfo->dest;
    if (!cio_byte_buffer_reserve(&dest->buffer, 65536)) cio_jpeg_fail((j_common_ptr)cinfo, CIO_OUT_OF_MEMORY, "out of memory");
    dest->pub.next_output_byte = dest->buffer.bytes;
    dest->pub.free_in_buffer = dest->buffer.capacity;
}

static boolean empty_output_buffer(j_compress_ptr cinfo) {
    memory_destination *dest = (memory_destination *)cinfo->dest;
    dest->buffer.size = dest->buffer.capacity;  /* libjpeg filled the whole buffer */
    if (!cio_byte_buffer_reserve(&dest->buffer, dest->buffer.capacity)) {
        cio_jpeg_fail((j_common_ptr)cinfo, CIO_OUT_OF_MEMORY, "out of memory");
    }
    dest->pub.next_output_byte = dest->buffer.bytes + dest->buffer.size;
    dest->pub.free_in_buffer = dest->buffer.capacity - dest->buffer.size;
    return TRUE;
}

static void term_destination(j_compress_ptr cinfo) {
    memory_destination *dest = (memory_destination *)cinfo->dest;
    dest->buffer.size = dest->buffer.capacity - dest->pub.free_in_buffer;
}

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

cio_status cio_encode_jpeg(const cio_image *image, const cio_jpeg_options *options, const cio_metadata *metadata,
                           uint8_t **output, size_t *output_size, cio_message *message) {
    const uint8_t *icc = metadata->icc, *exif = metadata->exif;
    *output = NULL;
    *output_size = 0;
    cio_status status = cio_check_image(image, 0, message);
    if (status != CIO_OK) return status;
    if (image->layout == CIO_GRAY_ALPHA8 || image->layout == CIO_RGBA8) {
        cio_set_message(message, "JPEG cannot hold an alpha channel: flatten the image first");
        return CIO_INVALID_ARGUMENT;
    }
    if (image->width > MAX_JPEG_DIMENSION || image->height > MAX_JPEG_DIMENSION) {
        cio_set_message(message, "JPEG images are at most %d pixels wide and high (got %ux%u)", MAX_JPEG_DIMENSION,
                        image->width, image->height);
        return CIO_INVALID_ARGUMENT;
    }
    if (options->quality < 1 || options->quality > 100) {
        cio_set_message(message, "JPEG quality must be 1...100 (got %d)", options->quality);
        return CIO_INVALID_ARGUMENT;
    }
    const size_t icc_size = writable_icc_size(metadata), exif_size = writable_exif_size(metadata),
                 xmp_size = writable_xmp_size(metadata);
    struct jpeg_compress_struct cinfo;
    cio_jpeg_error error;
    memory_destination dest;
    memset(&cinfo, 0, sizeof cinfo);
    memset(&dest, 0, sizeof dest);
    cinfo.err = cio_jpeg_error_init(&error, NULL, 1);
    cio_byte_buffer photoshop = writable_photoshop(metadata);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(dest.buffer.bytes);
        free(photoshop.bytes);
        *message = error.message;
        return error.status;
    }
    jpeg_create_compress(&cinfo);
    dest.pub.init_destination = init_destination;
    dest.pub.empty_output_buffer = empty_output_buffer;
    dest.pub.term_destination = term_destination;
    cinfo.dest = &dest.pub;
    cinfo.image_width = image->width;
    cinfo.image_height = image->height;
    int gray = image->layout == CIO_GRAY8;
    cinfo.input_components = gray ? 1 : 3;
    cinfo.in_color_space = gray ? JCS_GRAYSCALE : JCS_EXT_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, options->quality, TRUE);
    if (!gray) {
        int factor = options->full_chroma ? 1 : 2;
        cinfo.comp_info[0].h_samp_factor = factor;
        cinfo.comp_info[0].v_samp_factor = factor;
        for (int c = 1; c < 3; c++) {
            cinfo.comp_info[c].h_samp_factor = 1;
            cinfo.comp_info[c].v_samp_factor = 1;
        }
    }
    cinfo.optimize_coding = options->optimize_huffman ? TRUE : FALSE;
    if (options->progressive) jpeg_simple_progression(&cinfo);
    if (exif_size > 0) cinfo.write_JFIF_header = FALSE;   /* EXIF's APP1 comes right after SOI */
    jpeg_start_compress(&cinfo, TRUE);
    if (exif_size > 0) write_marker(&cinfo, 1, "Exif\0", 6, exif, exif_size);
    if (xmp_size > 0) write_marker(&cinfo, 1, XMP_SIGNATURE, sizeof XMP_SIGNATURE, metadata->xmp, xmp_size);
    if (icc_size > 0) jpeg_write_icc_profile(&cinfo, icc, (unsigned int)icc_size);
    if (photoshop.size > 0) {
        write_marker(&cinfo, 13, PHOTOSHOP_SIGNATURE, sizeof PHOTOSHOP_SIGNATURE, photoshop.bytes, photoshop.size);
    }
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW rows[BATCH_ROWS];
        JDIMENSION n = cinfo.image_height - cinfo.next_scanline;
        if (n > BATCH_ROWS) n = BATCH_ROWS;
        for (JDIMENSION i = 0; i < n; i++) {
            rows[i] = (JSAMPROW)(image->pixels + (size_t)(cinfo.next_scanline + i) * image->stride);
        }
        jpeg_write_scanlines(&cinfo, rows, n);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(photoshop.bytes);
    *output = dest.buffer.bytes;
    *output_size = dest.buffer.size;
    return CIO_OK;
}
