/* The trellis JPEG encoder: coefficients computed and quantised here, written by libjpeg-turbo. */
#ifndef CIMAGEIO_JPEG_TRELLIS_ENCODE_H
#define CIMAGEIO_JPEG_TRELLIS_ENCODE_H

#include "jpeg/jpeg_error.h"
#include "jpeg/scan_choice.h"

/* On a compressor with its defaults, colour space and sampling factors set (and nothing started):
 * sets the perceptual quantisation tables for `quality`, computes every block's DCT from `image`,
 * quantises it by trellis (twice: under the standard Huffman tables, then under the optimal tables
 * of the first pass's symbols), chooses the scans by `mode` and starts the compressor on the
 * coefficients (jpeg_write_coefficients, optimised Huffman tables). Markers may follow; then
 * jpeg_finish_compress writes the image. Fails through cinfo's error manager. */
void cio_jpeg_start_trellis(j_compress_ptr cinfo, const cio_image *image, int quality, cio_scan_mode mode);

#endif
