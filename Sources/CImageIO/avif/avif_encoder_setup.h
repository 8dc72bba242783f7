/* What the still and the sequence AVIF writers share: the options' checks, libaom set up from them, and
 * 8-bit full-range BT.601 images filled from RGB(A) rows. */
#ifndef CIMAGEIO_AVIF_ENCODER_SETUP_H
#define CIMAGEIO_AVIF_ENCODER_SETUP_H
#include "internal.h"
#include "avif/avif_library.h"

/* CIO_INVALID_ARGUMENT (CIO_UNSUPPORTED without libavif or its libaom encoder) with a message when a
 * `width` x `height` image cannot be written with `options`. Every encode passes here first, so it opens
 * libavif. */
cio_status cio_avif_check_encode(uint32_t width, uint32_t height, const cio_avif_options *options, cio_message *message);

/* A libaom encoder at the options' speed, threads and quantizer (colour and alpha); NULL when out of memory. */
avifEncoder *cio_avif_encoder_new(const cio_avif_options *options);

/* An empty `width` x `height` 8-bit `format` image, full-range YUV with the BT.601 matrix, labelled sRGB
 * unless `has_icc` (then the profile alone says what the pixels are); NULL when out of memory. */
avifImage *cio_avif_image_new(uint32_t width, uint32_t height, avifPixelFormat format, int has_icc);

/* `avif`'s planes from RGB or RGBA rows `stride` bytes apart; an alpha plane only for RGBA with `keep_alpha`. */
avifResult cio_avif_fill_rgb(avifImage *avif, const uint8_t *pixels, size_t stride, cio_layout layout, int keep_alpha);

/* The status of a failed encode's libavif result. */
cio_status cio_avif_encode_status(avifResult result);
#endif
