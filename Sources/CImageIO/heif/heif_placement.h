/* Where each coded pixel of a HEIF image ends up once its transforms (clap, irot, imir, applied in
 * association order as libheif 1.15 applies them) have made it upright: one map, so that decoded tiles
 * are written straight to their upright places and an upright region names the coded pixels it needs. */
#ifndef CIMAGEIO_HEIF_PLACEMENT_H
#define CIMAGEIO_HEIF_PLACEMENT_H
#include "heif/heif_items.h"

/* upright (x, y) = (xx * cx + xy * cy + bx, yx * cx + yy * cy + by) for coded (cx, cy); the matrix is
 * a quarter turn or mirror (entries -1, 0, 1). Coded pixels that land outside width x height are
 * cropped off by a clean aperture. */
typedef struct {
    int xx, xy, yx, yy;
    int64_t bx, by;
    uint32_t width, height;   /* upright */
} cio_heif_placement;

/* A rectangle of whole pixels. */
typedef struct {
    uint32_t x, y, width, height;
} cio_heif_rect;

/* The placement of `item`'s coded_width x coded_height pixels; CIO_CORRUPT for a clean aperture
 * libheif refuses. */
cio_status cio_heif_placement_of(const cio_heif_items *items, uint32_t item, uint32_t coded_width,
                                 uint32_t coded_height, cio_heif_placement *placement, cio_message *message);

/* The coded pixels an upright rectangle (inside the upright size) comes from. */
cio_heif_rect cio_heif_placement_coded(const cio_heif_placement *placement, cio_heif_rect upright);
#endif
