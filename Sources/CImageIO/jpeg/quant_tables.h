/* The quantisation tables of the trellis encoder. */
#ifndef CIMAGEIO_QUANT_TABLES_H
#define CIMAGEIO_QUANT_TABLES_H

#include <stdio.h>
#include <jpeglib.h>

/* Sets tables 0 (luma) and 1 (chroma) for `quality` 1...100 (quant_tables.c says which and how
 * they scale), each step 1...255 (baseline). */
void cio_set_perceptual_quant_tables(j_compress_ptr cinfo, int quality);

#endif
