/* The items of a HEIF's top-level meta box, read with our own box walker: what libheif 1.15 does not
 * tell its callers (derived-image references, a grid's descriptor, hidden items, properties in
 * association order). Every length is checked; anything unreadable reads as absent. */
#ifndef CIMAGEIO_HEIF_ITEMS_H
#define CIMAGEIO_HEIF_ITEMS_H
#include "internal.h"
#include "bmff.h"

typedef struct {
    const uint8_t *file;
    size_t file_size;
    cio_bmff_span iinf, iref, iloc, iprp, idat;   /* payloads; size 0 when absent */
    uint32_t primary;                             /* pitm's item, 0 when there is none */
} cio_heif_items;

/* One property associated with an item: its box type and payload. */
typedef struct {
    char type[4];
    cio_bmff_span payload;
} cio_heif_property;

/* 0 when the file has no top-level meta box. */
int cio_heif_items_read(const uint8_t *data, size_t size, cio_heif_items *items);

/* The item's type (infe version 2 or 3); 0 when the item is not listed. `flags_at`, when not NULL,
 * is the offset in the file of the infe flags' last byte (bit 0: hidden). */
int cio_heif_item_type(const cio_heif_items *items, uint32_t id, char type[4], size_t *flags_at);

/* The items the first `type` reference from `from` names, in order: how many there are (only the first
 * `capacity` are stored); 0 when there is none. */
size_t cio_heif_item_references(const cio_heif_items *items, uint32_t from, const char *type, uint32_t *to,
                                size_t capacity);

/* The properties associated with the item, in association order (libheif applies transforms in that
 * order): how many (at most `capacity`). */
size_t cio_heif_item_properties(const cio_heif_items *items, uint32_t id, cio_heif_property *properties,
                                size_t capacity);

/* Copies the item's data (in the file or in idat) into `buffer`; 0 when it is not there or longer than
 * `capacity`. With `buffer` NULL only its length is found. */
int cio_heif_item_data(const cio_heif_items *items, uint32_t id, uint8_t *buffer, size_t capacity, size_t *length);
#endif
