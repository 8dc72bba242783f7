/* The HEIF container through libheif: the primary image handle and its sizes. */
#include "heif/heif_reader.h"
#include "heif/de265_library.h"
#include <string.h>

/* Per side; the pixel count is checked against the caller's limit before any decoding. */
enum { MAX_SIDE = 65536 };

cio_status cio_heif_failure(struct heif_error error, const char *stage, cio_message *message) {
    const char *detail = error.message != NULL ? error.message : "unknown error";
    switch (error.code) {
    case heif_error_Unsupported_filetype:
    case heif_error_Unsupported_feature:
        cio_set_message(message, "unsupported: HEIF %s: %s", stage, detail);
        return CIO_UNSUPPORTED;
    case heif_error_Memory_allocation_error:
        if (error.subcode == heif_suberror_Security_limit_exceeded) {
            cio_set_message(message, "HEIF %s: %s", stage, detail);
            return CIO_TOO_LARGE;
        }
        cio_set_message(message, "out of memory decoding HEIF (%s)", stage);
        return CIO_OUT_OF_MEMORY;
    case heif_error_Invalid_input:
        if (error.subcode == heif_suberror_End_of_data) {
            cio_set_message(message, "truncated HEIF data (%s: %s)", stage, detail);
            return CIO_TRUNCATED;
        }
        cio_set_message(message, "corrupt HEIF (%s: %s)", stage, detail);
        return CIO_CORRUPT;
    default:
        cio_set_message(message, "corrupt HEIF (%s: %s)", stage, detail);
        return CIO_CORRUPT;
    }
}

cio_status cio_heif_open(const uint8_t *data, size_t size, cio_heif_file *file, cio_message *message) {
    memset(file, 0, sizeof *file);
    /* libde265 before libheif, which depends on it: the other way round, glibc loses the dependency list
     * it made in libheif's dlopen (88 bytes, valgrind's "definitely lost"). Without it the tiles go
     * through libheif (heif_hevc_tile.c asks again, and leaves them to it). */
    cio_message unused;
    (void)cio_de265_library_open(&unused);
    const cio_status opened = cio_heif_library_open(message);
    if (opened != CIO_OK) return opened;
    file->context = heif_context_alloc();
    if (file->context == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    heif_context_set_maximum_image_size_limit(file->context, MAX_SIDE);
    heif_context_set_max_decoding_threads(file->context, 0);
    struct heif_error error = heif_context_read_from_memory_without_copy(file->context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(file->context, &file->handle);
    if (error.code != heif_error_Ok) {
        const cio_status status = cio_heif_failure(error, "reading the container", message);   /* the text lives in the context */
        cio_heif_close(file);
        return status;
    }
    const int width = heif_image_handle_get_width(file->handle), height = heif_image_handle_get_height(file->handle);
    const int coded_width = heif_image_handle_get_ispe_width(file->handle);
    const int coded_height = heif_image_handle_get_ispe_height(file->handle);
    if (width <= 0 || height <= 0 || coded_width <= 0 || coded_height <= 0) {
        cio_heif_close(file);
        cio_set_message(message, "corrupt HEIF: the primary image has no size");
        return CIO_CORRUPT;
    }
    file->width = (uint32_t)width;
    file->height = (uint32_t)height;
    file->coded_width = (uint32_t)coded_width;
    file->coded_height = (uint32_t)coded_height;
    file->has_alpha = heif_image_handle_has_alpha_channel(file->handle) != 0;
    return CIO_OK;
}

void cio_heif_close(cio_heif_file *file) {
    if (file->handle != NULL) heif_image_handle_release(file->handle);
    if (file->context != NULL) heif_context_free(file->context);
    file->handle = NULL;
    file->context = NULL;
}
