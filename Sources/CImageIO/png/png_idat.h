/* The IDAT payload of a PNG encode (png_idat.c). */
#ifndef CIMAGEIO_PNG_IDAT_H
#define CIMAGEIO_PNG_IDAT_H

#include "internal.h"

/* The image's rows filtered and compressed as one zlib stream (malloc'd; free with free). */
cio_status cio_png_idat(const cio_image *image, const cio_png_options *options, uint8_t **idat, size_t *idat_size,
                        cio_message *message);

#endif
