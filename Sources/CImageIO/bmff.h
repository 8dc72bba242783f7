/* ISO-BMFF boxes (the container of AVIF and HEIF), walked over bytes in memory with every length checked. */
#ifndef CIMAGEIO_BMFF_H
#define CIMAGEIO_BMFF_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    const uint8_t *data;
    size_t size;
} cio_bmff_span;

/* The next box of `*span` (its type and payload), advancing past it; 0 at the end, or when the box
 * runs past the end of `*span` (then `*cut` is its type, when `cut` is not NULL). */
int cio_bmff_next_box(cio_bmff_span *span, char type[4], cio_bmff_span *payload, char cut[4]);

/* The payload of the first box of `type` in `span`; 0 if there is none. */
int cio_bmff_find_box(cio_bmff_span span, const char *type, cio_bmff_span *payload);

/* A big-endian number of `bytes` (1...4) bytes. */
uint32_t cio_bmff_number(const uint8_t *bytes, int count);
#endif
