/* ICC profiles made from an ISO/IEC 23091-2 (nclx) colour description, for AVIF and HEIF files that
 * describe their colours only that way. */
#ifndef CIMAGEIO_NCLX_PROFILE_H
#define CIMAGEIO_NCLX_PROFILE_H
#include <stddef.h>
#include <stdint.h>

/* A malloc'd RGB ICC profile for colour primaries `primaries` and transfer characteristics `transfer`
 * (H.273 code points), or NULL when the pair means sRGB (or is unspecified) or cannot be expressed by
 * primaries and a tone curve (PQ, HLG, unknown code points). */
uint8_t *cio_nclx_profile(int primaries, int transfer, size_t *size);
#endif
