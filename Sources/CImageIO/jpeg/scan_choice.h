/* The scans of a JPEG written from coefficients: one sequential scan or a progressive script,
 * whichever codes the coefficients in fewer bytes (by optimal Huffman tables of each). */
#ifndef CIMAGEIO_SCAN_CHOICE_H
#define CIMAGEIO_SCAN_CHOICE_H

#include "jpeg/coefficient_image.h"

typedef enum {
    CIO_SCANS_BY_SIZE,            /* the smaller of sequential and the best progressive script */
    CIO_SCANS_PROGRESSIVE,        /* the best progressive script */
    CIO_SCANS_SEQUENTIAL,         /* one interleaved sequential scan */
} cio_scan_mode;

/* The estimated bytes of the AC coefficients (with their tables and scan headers) in each form. */
typedef struct {
    uint64_t sequential_bits, progressive_bits;
} cio_scan_estimate;

/* Sets cinfo->scan_info and num_scans (in cinfo's image pool) for `mode`, or leaves scan_info NULL
 * for one sequential scan. Returns the estimate it chose by. */
cio_scan_estimate cio_choose_scans(j_compress_ptr cinfo, const cio_coefficient_image *image, cio_scan_mode mode);

#endif
