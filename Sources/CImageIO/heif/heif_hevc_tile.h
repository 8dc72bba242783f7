/* One HEVC tile item decoded by libde265 and converted as libheif 1.15 would (its decoder plugin's steps:
 * hvcC's parameter sets, the item's NAL units, the last picture; its nclx from the tile's colr box or
 * else the stream's VUI), without libheif's planar copies: the common 8-bit case of the tile route. */
#ifndef CIMAGEIO_HEIF_HEVC_TILE_H
#define CIMAGEIO_HEIF_HEVC_TILE_H
#include "heif/heif_items.h"

/* Where a tile's pixels go once converted: its pixels x ..< x + width of rows y ..< y + height, pixel
 * (x, y) at `origin`, the next pixel of a row `pixel_step` bytes on and the next row `row_step` bytes on
 * (a turned or mirrored tile goes straight to its upright place). */
typedef struct {
    uint32_t x, y, width, height;
    uint8_t *origin;
    ptrdiff_t pixel_step, row_step;
} cio_heif_tile_target;

/* Decodes tile `id` (width x height) and writes `target`'s pixels (RGB8) and nothing else, without the deblocking filter and
 * SAO when `skip_in_loop_filters` is nonzero (an intra picture's prediction never reads filtered samples,
 * so nothing drifts: each sample is what the filters would have started from). CIO_OK; CIO_UNSUPPORTED without
 * a message when libheif must convert it (not 8 bits, monochrome, a matrix cio_heif_ycbcr_of leaves
 * out); CIO_CORRUPT with a message when libde265 gives no picture of that size. When libde265 reports
 * damage on the way (which libheif ignores: its concealment reads memory no picture wrote), the
 * pixels are there and `*damage` holds what it said, else it is empty. */
cio_status cio_heif_hevc_tile_decode(const cio_heif_items *items, uint32_t id, uint32_t width, uint32_t height,
                                     int skip_in_loop_filters, const cio_heif_tile_target *target, cio_message *damage,
                                     cio_message *message);
#endif
