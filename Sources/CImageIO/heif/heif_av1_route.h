/* AV1-coded images in a HEIF without the avif brand go to libavif (the AVIF route) rather than
 * libheif 1.15, whose dav1d decoder loses memory on its error path. */
#ifndef CIMAGEIO_HEIF_AV1_ROUTE_H
#define CIMAGEIO_HEIF_AV1_ROUTE_H
#include "heif/heif_items.h"

/* Whether the primary image is AV1: an av01 item, or a grid whose first tile is one. */
int cio_heif_is_av1(const cio_heif_items *items);

/* A malloc'd copy of `data` whose major brand is avif, which libavif 0.11 needs; NULL when out of memory. */
uint8_t *cio_heif_as_avif(const uint8_t *data, size_t size);
#endif
