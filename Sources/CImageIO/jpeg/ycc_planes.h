/* The component planes of a JPEG to write: Y, Cb, Cr (chroma subsampled) or grey, made as
 * libjpeg-turbo makes them from RGB, so both encoders quantise the same samples. */
#ifndef CIMAGEIO_YCC_PLANES_H
#define CIMAGEIO_YCC_PLANES_H

#include "internal.h"
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
    const uint8_t *samples;
    size_t stride;
    uint32_t width, height;       /* the component's own size (ceil of the image's over its subsampling) */
} cio_plane;

/* The planes of `image` (grey: one, pointing into the image; RGB: three in cinfo's image pool), the
 * chroma halved in both directions when `subsampled`. Returns the number of planes. */
int cio_ycc_planes_make(j_compress_ptr cinfo, const cio_image *image, int subsampled, cio_plane planes[3]);

#endif
