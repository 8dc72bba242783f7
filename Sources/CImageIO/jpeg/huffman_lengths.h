/* Huffman code lengths as JPEG limits them (at most 16 bits, no all-ones code): the rate model of the
 * trellis quantiser and the size estimates of the scan choice. */
#ifndef CIMAGEIO_HUFFMAN_LENGTHS_H
#define CIMAGEIO_HUFFMAN_LENGTHS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <jpeglib.h>

enum { CIO_HUFFMAN_SYMBOLS = 256, CIO_HUFFMAN_MAX_LENGTH = 16 };

/* The code length of every symbol: lengths[s] bits, 0 for a symbol without a code. */
typedef struct {
    uint8_t lengths[CIO_HUFFMAN_SYMBOLS];
} cio_huffman_lengths;

/* The lengths of libjpeg's table `table` (bits and huffval). */
cio_huffman_lengths cio_huffman_lengths_of_table(const JHUFF_TBL *table);

/* The optimal lengths for the symbol counts `counts` (ITU T.81 K.2 and K.3); symbols counted 0 get 0.
 * Returns how many symbols have a code. */
int cio_huffman_optimal_lengths(const uint32_t counts[CIO_HUFFMAN_SYMBOLS], cio_huffman_lengths *lengths);

/* The bits `counts` take under their optimal code, plus the bytes of its DHT table (in bits);
 * `extra_bits` (the magnitude bits after each symbol) is added as given. 0 when nothing is counted. */
uint64_t cio_huffman_coded_bits(const uint32_t counts[CIO_HUFFMAN_SYMBOLS], uint64_t extra_bits);

/* For the trellis: a symbol without a code costs as much as the longest code (the final tables are
 * built from the final coefficients, so every symbol used gets one). */
void cio_huffman_lengths_fill_absent(cio_huffman_lengths *lengths);

#endif
