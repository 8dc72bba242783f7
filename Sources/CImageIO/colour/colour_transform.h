/* Colour conversion of decoded rows through ICC profiles (LittleCMS 2), with a process-wide
 * cache of transforms keyed by the profile's bytes. */
#ifndef CIMAGEIO_COLOUR_TRANSFORM_H
#define CIMAGEIO_COLOUR_TRANSFORM_H
#include "internal.h"
#include <lcms2.h>

typedef struct cio_colour_transform cio_colour_transform;

/* CMYK samples (`inverted`: Adobe's stored-inverted form) to sRGB RGB8 through `icc`, or through the
 * default CMYK profile when `icc` is NULL or unusable. NULL when no profile can be used (the caller
 * keeps its naive formula); a warning then says why. Release a non-NULL result. */
const cio_colour_transform *cio_colour_transform_cmyk(const uint8_t *icc, size_t icc_size, int inverted,
                                                      cio_warnings *warnings);

/* The CMYK transform for a CMYK/YCCK JPEG, through the profile its APP2 markers carry. */
const cio_colour_transform *cio_jpeg_cmyk_transform(const uint8_t *data, size_t size, int inverted,
                                                    cio_warnings *warnings);

/* `layout` pixels described by `icc` to sRGB (grey: to grey with the sRGB curve), in place. NULL when
 * nothing needs doing: no profile, already sRGB, or a profile that does not fit (then a warning). */
const cio_colour_transform *cio_colour_transform_to_srgb(const uint8_t *icc, size_t icc_size, cio_layout layout,
                                                         cio_warnings *warnings);

/* Converts `pixels` pixels; `input` may equal `output` for the to-sRGB transforms. */
void cio_colour_transform_apply(const cio_colour_transform *transform, const uint8_t *input, uint8_t *output,
                                size_t pixels);

void cio_colour_transform_release(const cio_colour_transform *transform);

/* The sRGB transfer curve (IEC 61966-2-1) as a LittleCMS parametric curve; free it with cmsFreeToneCurve. */
cmsToneCurve *cio_srgb_tone_curve(void);
#endif
