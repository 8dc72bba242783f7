/* The top-level meta box's item IDs (iinf/infe) against the IDs its pitm and iref boxes name. */
#include "avif/avif_item_references.h"
#include "bmff.h"
#include <string.h>

enum { MAX_ITEMS = 4096 };

static int has_item(const uint32_t *items, size_t count, uint32_t id) {
    for (size_t i = 0; i < count; i++) {
        if (items[i] == id) return 1;
    }
    return 0;
}

/* The item IDs of iinf's infe boxes (versions 2 and 3 carry them; older ones are not AVIF). */
static size_t item_ids(cio_bmff_span iinf, uint32_t *items) {
    if (iinf.size < 4) return 0;
    const size_t skip = 4 + (iinf.data[0] == 0 ? 2 : 4);   /* version/flags, entry count */
    if (iinf.size < skip) return 0;
    cio_bmff_span entries = {iinf.data + skip, iinf.size - skip}, infe;
    char type[4];
    size_t count = 0;
    while (count < MAX_ITEMS && cio_bmff_next_box(&entries, type, &infe, NULL)) {
        if (memcmp(type, "infe", 4) != 0 || infe.size < 4) continue;
        const int version = infe.data[0];
        if (version == 2 && infe.size >= 6) items[count++] = cio_bmff_number(infe.data + 4, 2);
        if (version == 3 && infe.size >= 8) items[count++] = cio_bmff_number(infe.data + 4, 4);
    }
    return count;
}

cio_status cio_avif_check_item_references(const uint8_t *data, size_t size, cio_message *message) {
    cio_bmff_span file = {data, size}, meta, iinf, body;
    if (!cio_bmff_find_box(file, "meta", &meta) || meta.size < 4) return CIO_OK;
    body.data = meta.data + 4;
    body.size = meta.size - 4;
    uint32_t items[MAX_ITEMS];
    const size_t count = cio_bmff_find_box(body, "iinf", &iinf) ? item_ids(iinf, items) : 0;
    if (count == 0 || count == MAX_ITEMS) return CIO_OK;
    cio_bmff_span pitm;
    if (cio_bmff_find_box(body, "pitm", &pitm) && pitm.size >= 6) {
        const uint32_t id = pitm.data[0] == 0 ? cio_bmff_number(pitm.data + 4, 2) : pitm.size >= 8 ? cio_bmff_number(pitm.data + 4, 4) : 0;
        if (!has_item(items, count, id)) {
            cio_set_message(message, "corrupt AVIF: the primary item %u does not exist", id);
            return CIO_CORRUPT;
        }
    }
    cio_bmff_span iref;
    if (!cio_bmff_find_box(body, "iref", &iref) || iref.size < 4) return CIO_OK;
    const int id_bytes = iref.data[0] == 0 ? 2 : 4;
    cio_bmff_span references = {iref.data + 4, iref.size - 4}, reference;
    char type[4];
    while (cio_bmff_next_box(&references, type, &reference, NULL)) {
        if (reference.size < (size_t)id_bytes + 2) continue;
        const uint32_t from = cio_bmff_number(reference.data, id_bytes);
        const uint32_t n = cio_bmff_number(reference.data + id_bytes, 2);
        for (uint32_t i = 0; i < n; i++) {
            const size_t at = (size_t)id_bytes + 2 + (size_t)i * id_bytes;
            if (at + id_bytes > reference.size) break;
            const uint32_t to = cio_bmff_number(reference.data + at, id_bytes);
            if (!has_item(items, count, from) || !has_item(items, count, to)) {
                cio_set_message(message, "corrupt AVIF: a '%.4s' reference from item %u to item %u names a missing item",
                                type, from, to);
                return CIO_CORRUPT;
            }
        }
    }
    return CIO_OK;
}
