/* What the HEIF probe and decoder share: libheif over memory and the primary image's handle. */
#ifndef CIMAGEIO_HEIF_READER_H
#define CIMAGEIO_HEIF_READER_H
#include "internal.h"
#include "heif/heif_library.h"

typedef struct {
    struct heif_context *context;
    struct heif_image_handle *handle;   /* the primary image */
    uint32_t width, height;             /* upright: libheif applies clap, irot and imir */
    uint32_t coded_width, coded_height; /* ispe: what the decoder allocates before the transforms */
    int has_alpha;
} cio_heif_file;

/* Reads the container; on failure nothing is left to release. */
cio_status cio_heif_open(const uint8_t *data, size_t size, cio_heif_file *file, cio_message *message);
void cio_heif_close(cio_heif_file *file);

/* A libheif error as our status, with a message naming HEIF, the stage and libheif's words. */
cio_status cio_heif_failure(struct heif_error error, const char *stage, cio_message *message);
#endif
