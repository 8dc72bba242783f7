/* cimageio colour: what output converted to sRGB is tagged with. */
#ifndef CIMAGEIO_COLOUR_H
#define CIMAGEIO_COLOUR_H
#include <stddef.h>
#include <stdint.h>

/* A compact ICC v4 profile for sRGB (`gray` 0) or grey with the sRGB curve (`gray` 1), built once by
 * LittleCMS and kept for the process; NULL (size 0) if it could not be built. Thread-safe. */
const uint8_t *cio_srgb_profile(int gray, size_t *size);
#endif
