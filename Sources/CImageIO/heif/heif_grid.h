/* The primary image of a HEIF as a grid of HEVC tiles, as phones write it: which tiles there are and
 * where each one goes, so that a region can be decoded from the tiles it needs alone. */
#ifndef CIMAGEIO_HEIF_GRID_H
#define CIMAGEIO_HEIF_GRID_H
#include "heif/heif_items.h"

typedef struct {
    uint32_t rows, columns;
    uint32_t width, height;             /* the grid's output size (coded: before clap, irot and imir) */
    uint32_t tile_width, tile_height;   /* every tile's (ispe); the last column and row are cropped */
    uint32_t *tiles;                    /* rows * columns item IDs, row by row (malloc'd) */
    size_t *hidden_flags;               /* where each tile's infe flags byte is in the file */
} cio_heif_grid;

/* Reads the primary item's grid. CIO_OK with `*usable` 1 when it is a grid of equal-size HEVC tiles
 * without transforms of their own (the tile route); `*usable` 0 when the primary item is something
 * else, or a grid the tile route leaves to libheif (which decodes it whole or says what is wrong).
 * CIO_CORRUPT when the tiles do not cover the grid's output size, which libheif would leave
 * uninitialised. Release with cio_heif_grid_release. */
cio_status cio_heif_grid_read(const cio_heif_items *items, cio_heif_grid *grid, int *usable, cio_message *message);
void cio_heif_grid_release(cio_heif_grid *grid);
#endif
