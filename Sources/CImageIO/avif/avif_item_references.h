/* A check libavif 0.11 leaves out: every item the meta box's iref and pitm name must exist in iinf
 * (a dangling alpha reference otherwise passes as an image without its alpha). */
#ifndef CIMAGEIO_AVIF_ITEM_REFERENCES_H
#define CIMAGEIO_AVIF_ITEM_REFERENCES_H
#include "internal.h"

/* CIO_CORRUPT with a message when a reference names a missing item; CIO_OK otherwise (also when
 * there is no meta box, or its boxes are cut: libavif reports those). */
cio_status cio_avif_check_item_references(const uint8_t *data, size_t size, cio_message *message);
#endif
