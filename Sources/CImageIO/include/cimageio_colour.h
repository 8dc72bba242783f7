/* cimageio colour: converting profiled pixels to sRGB, and what such output is tagged with. */
#ifndef CIMAGEIO_COLOUR_H
#define CIMAGEIO_COLOUR_H
#include "cimageio.h"

/* A compact ICC v4 profile for sRGB (`gray` 0) or grey with the sRGB curve (`gray` 1), built once by
 * LittleCMS and kept for the process; NULL (size 0) if it could not be built. Thread-safe. */
const uint8_t *cio_srgb_profile(int gray, size_t *size);
/* Converts `height` rows of `width` `layout` pixels (`stride` bytes apart) from the ICC profile `icc` to
 * sRGB in place (grey: to grey with the sRGB curve; alpha unchanged). Returns 1 when converted; 0 when
 * nothing needed doing: the profile is sRGB already, or it cannot be used, and then `warning` says why
 * (otherwise its text is empty). Transforms are cached per distinct profile; thread-safe. */
int cio_convert_to_srgb(uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, cio_layout layout,
                        const uint8_t *icc, size_t icc_size, cio_message *warning);
#endif
