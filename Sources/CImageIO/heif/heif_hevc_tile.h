/* One HEVC tile item decoded by libavcodec (FFmpeg's HEVC decoder: the same pictures as libde265 gives,
 * in about three quarters of its time) and converted as libheif 1.15 converts them (its nclx from the
 * tile's colr box or else the stream's VUI): the common 8-bit case of the tile route. */
#ifndef CIMAGEIO_HEIF_HEVC_TILE_H
#define CIMAGEIO_HEIF_HEVC_TILE_H
#include "heif/heif_items.h"

/* Decodes tile `id` (width x height) to `rgb` (width * 3 bytes a row). CIO_OK; CIO_UNSUPPORTED without
 * a message when libheif must decode it (not 8 bits, monochrome, a matrix cio_heif_ycbcr_of leaves
 * out, no hvcC); CIO_CORRUPT with a message when no picture of that size comes out. When the decoder
 * finds damage, the pixels it could decode are there (the rest black) and `*damage` says what it found,
 * else it is empty. */
cio_status cio_heif_hevc_tile_decode(const cio_heif_items *items, uint32_t id, uint32_t width, uint32_t height,
                                     uint8_t *rgb, cio_message *damage, cio_message *message);
#endif
