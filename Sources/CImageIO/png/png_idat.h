/* The IDAT payload of a PNG encode (png_idat.c). */
#ifndef CIMAGEIO_PNG_IDAT_H
#define CIMAGEIO_PNG_IDAT_H

#include "internal.h"

/* The image's rows filtered and compressed as one zlib stream (malloc'd; free with free). */
cio_status cio_png_idat(const cio_image *image, const cio_png_options *options, uint8_t **idat, size_t *idat_size,
                        cio_message *message);

/* Palette indices (`width` bytes a row) packed at `bit_depth` (1, 2, 4 or 8) bits a pixel, each row
 * unfiltered (filter type None, the usual choice for indexed colour), compressed at `level`. */
cio_status cio_png_idat_indexed(const uint8_t *indices, uint32_t width, uint32_t height, int bit_depth, int level,
                                uint8_t **idat, size_t *idat_size, cio_message *message);

#endif
