/* Applying an AVIF's clap, irot and imir to its decoded pixels (libavif 0.11 only reports them). */
#ifndef CIMAGEIO_AVIF_TRANSFORM_H
#define CIMAGEIO_AVIF_TRANSFORM_H
#include "avif/avif_reader.h"

/* Replaces `image` (the coded size) by its upright form (`geometry`'s size); frees the old pixels. */
cio_status cio_avif_make_upright(cio_whole_image *image, const cio_avif_geometry *geometry, cio_message *message);
#endif
