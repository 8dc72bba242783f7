/* Telling AV1 HEIF images apart, and handing them to libavif. */
#include "heif/heif_av1_route.h"
#include <stdlib.h>
#include <string.h>

int cio_heif_is_av1(const cio_heif_items *items) {
    char type[4];
    if (items->file_size < 16 || memcmp(items->file + 4, "ftyp", 4) != 0) return 0;   /* no brand to rewrite */
    if (!cio_heif_item_type(items, items->primary, type, NULL)) return 0;
    if (memcmp(type, "grid", 4) == 0) {
        uint32_t tile;
        if (cio_heif_item_references(items, items->primary, "dimg", &tile, 1) == 0 ||
            !cio_heif_item_type(items, tile, type, NULL)) {
            return 0;
        }
    }
    return memcmp(type, "av01", 4) == 0;
}

uint8_t *cio_heif_as_avif(const uint8_t *data, size_t size) {
    uint8_t *copy = malloc(size);
    if (copy == NULL) return NULL;
    memcpy(copy, data, size);
    memcpy(copy + 8, "avif", 4);   /* the major brand of the ftyp box cio_heif_is_av1 found first */
    return copy;
}
