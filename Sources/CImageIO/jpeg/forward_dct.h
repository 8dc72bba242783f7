/* The forward DCT of an 8x8 block, in floating point. */
#ifndef CIMAGEIO_FORWARD_DCT_H
#define CIMAGEIO_FORWARD_DCT_H

/* `block` holds 64 level-shifted samples (sample - 128) row by row; on return it holds the
 * coefficients F(u,v) of ITU T.81 A.3.3 (F(0,0) = 8 x the mean), row by row: F / Q is the
 * quantised value before rounding. */
void cio_forward_dct(float block[64]);

#endif
