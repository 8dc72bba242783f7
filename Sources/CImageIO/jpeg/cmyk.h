/* CMYK to RGB the way Pillow converts it. */
#ifndef CIMAGEIO_CMYK_H
#define CIMAGEIO_CMYK_H
#include <stddef.h>
#include <stdint.h>

/* Converts `count` CMYK pixels to RGB; `adobe_inverted`: samples are stored inverted (Adobe APP14). */
void cio_cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, size_t count, int adobe_inverted);
#endif
