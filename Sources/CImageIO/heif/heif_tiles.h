/* Decoding a grid image by its tiles: only those an upright region needs, each through libheif
 * (so every tile's pixels are libheif's own), on up to `threads` threads, written straight to their
 * upright places. */
#ifndef CIMAGEIO_HEIF_TILES_H
#define CIMAGEIO_HEIF_TILES_H
#include "heif/heif_grid.h"
#include "heif/heif_placement.h"
#include "heif/heif_library.h"

/* How many tiles `region` (upright) needs. */
size_t cio_heif_tiles_needed(const cio_heif_grid *grid, const cio_heif_placement *placement, cio_heif_rect region);

/* A copy of the file whose tiles are not hidden: libheif 1.15 hands out image handles for top-level
 * items only. NULL when out of memory. */
uint8_t *cio_heif_tiles_unhidden(const uint8_t *data, size_t size, const cio_heif_grid *grid);

/* Decodes `region` of the grid into `image` (allocated here: the region's RGB8 pixels, placed in the
 * upright image): 8-bit tiles by libde265 directly (cio_heif_hevc_tile_decode), the others through
 * `context`, which must have read the unhidden copy. Damage libde265 reports in a tile fails the decode
 * when `options` fail on truncation, else it is a warning. */
cio_status cio_heif_decode_tiles(const cio_heif_items *items, struct heif_context *context, const cio_heif_grid *grid,
                                 const cio_heif_placement *placement, cio_heif_rect region,
                                 const cio_decode_options *options, cio_warnings *warnings, cio_whole_image *image,
                                 cio_message *message);
#endif
