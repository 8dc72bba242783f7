/* HEIF item table: iinf, iref, iprp (ipco + ipma), iloc and idat of the top-level meta box. */
#include "heif/heif_items.h"
#include <string.h>

enum { MAX_PROPERTIES = 4096 };

/* A reader over a span that refuses to run past its end: after a short read every value is 0 and
 * `failed` stays set. */
typedef struct {
    cio_bmff_span span;
    size_t at;
    int failed;
} reader;

static uint64_t take(reader *r, int bytes) {
    if (bytes == 0) return 0;
    if (r->failed || bytes > 8 || r->span.size - r->at < (size_t)bytes || r->at > r->span.size) {
        r->failed = 1;
        return 0;
    }
    uint64_t value = 0;
    for (int i = 0; i < bytes; i++) value = value << 8 | r->span.data[r->at + (size_t)i];
    r->at += (size_t)bytes;
    return value;
}

int cio_heif_items_read(const uint8_t *data, size_t size, cio_heif_items *items) {
    memset(items, 0, sizeof *items);
    items->file = data;
    items->file_size = size;
    cio_bmff_span file = {data, size}, meta, body, box;
    if (!cio_bmff_find_box(file, "meta", &meta) || meta.size < 4) return 0;
    body.data = meta.data + 4;
    body.size = meta.size - 4;
    char type[4];
    cio_bmff_span walk = body;
    while (cio_bmff_next_box(&walk, type, &box, NULL)) {
        cio_bmff_span *slot = memcmp(type, "iinf", 4) == 0   ? &items->iinf
                              : memcmp(type, "iref", 4) == 0 ? &items->iref
                              : memcmp(type, "iloc", 4) == 0 ? &items->iloc
                              : memcmp(type, "iprp", 4) == 0 ? &items->iprp
                              : memcmp(type, "idat", 4) == 0 ? &items->idat
                                                             : NULL;
        if (slot != NULL && slot->data == NULL) *slot = box;
        if (memcmp(type, "pitm", 4) == 0 && box.size >= 6) {
            reader r = {box, 0, 0};
            const int version = (int)take(&r, 1);
            take(&r, 3);
            items->primary = (uint32_t)take(&r, version == 0 ? 2 : 4);
        }
    }
    return 1;
}

int cio_heif_item_type(const cio_heif_items *items, uint32_t id, char type[4], size_t *flags_at) {
    if (items->iinf.size < 4) return 0;
    const size_t skip = 4 + (items->iinf.data[0] == 0 ? 2 : 4);   /* version/flags, entry count */
    if (items->iinf.size < skip) return 0;
    cio_bmff_span entries = {items->iinf.data + skip, items->iinf.size - skip}, infe;
    char box[4];
    while (cio_bmff_next_box(&entries, box, &infe, NULL)) {
        if (memcmp(box, "infe", 4) != 0) continue;
        reader r = {infe, 0, 0};
        const int version = (int)take(&r, 1);
        take(&r, 3);
        if (version != 2 && version != 3) continue;
        const uint32_t item = (uint32_t)take(&r, version == 2 ? 2 : 4);
        take(&r, 2);   /* protection index */
        if (r.failed || item != id || infe.size - r.at < 4) continue;
        memcpy(type, infe.data + r.at, 4);
        if (flags_at != NULL) *flags_at = (size_t)(infe.data + 3 - items->file);
        return 1;
    }
    return 0;
}

size_t cio_heif_item_references(const cio_heif_items *items, uint32_t from, const char *type, uint32_t *to,
                                size_t capacity) {
    if (items->iref.size < 4) return 0;
    const int id_bytes = items->iref.data[0] == 0 ? 2 : 4;
    cio_bmff_span references = {items->iref.data + 4, items->iref.size - 4}, reference;
    char box[4];
    while (cio_bmff_next_box(&references, box, &reference, NULL)) {
        reader r = {reference, 0, 0};
        const uint32_t source = (uint32_t)take(&r, id_bytes);
        const size_t count = (size_t)take(&r, 2);
        if (r.failed || memcmp(box, type, 4) != 0 || source != from) continue;
        if ((reference.size - r.at) / (size_t)id_bytes < count) return 0;   /* cut short: unreadable */
        for (size_t i = 0; i < count && i < capacity; i++) to[i] = (uint32_t)take(&r, id_bytes);
        return count;
    }
    return 0;
}

/* The ipco property with 1-based `index`. */
static int property_at(cio_bmff_span ipco, uint32_t index, cio_heif_property *property) {
    for (uint32_t i = 1; cio_bmff_next_box(&ipco, property->type, &property->payload, NULL); i++) {
        if (i == index) return 1;
    }
    return 0;
}

size_t cio_heif_item_properties(const cio_heif_items *items, uint32_t id, cio_heif_property *properties,
                                size_t capacity) {
    cio_bmff_span ipco, walk = items->iprp, box;
    if (!cio_bmff_find_box(items->iprp, "ipco", &ipco)) return 0;
    char type[4];
    while (cio_bmff_next_box(&walk, type, &box, NULL)) {
        if (memcmp(type, "ipma", 4) != 0) continue;
        reader r = {box, 0, 0};
        const int version = (int)take(&r, 1);
        const uint32_t flags = (uint32_t)take(&r, 3);
        const uint32_t entries = (uint32_t)take(&r, 4);
        for (uint32_t e = 0; e < entries && !r.failed; e++) {
            const uint32_t item = (uint32_t)take(&r, version < 1 ? 2 : 4);
            const int count = (int)take(&r, 1);
            size_t found = 0;
            for (int a = 0; a < count && !r.failed; a++) {
                const uint32_t index = (flags & 1) ? (uint32_t)take(&r, 2) & 0x7FFF : (uint32_t)take(&r, 1) & 0x7F;
                if (item == id && index != 0 && index <= MAX_PROPERTIES && found < capacity &&
                    property_at(ipco, index, &properties[found])) {
                    found++;
                }
            }
            if (item == id) return r.failed ? 0 : found;   /* as libheif: the item's first entry */
        }
    }
    return 0;
}

int cio_heif_item_data(const cio_heif_items *items, uint32_t id, uint8_t *buffer, size_t capacity, size_t *length) {
    reader r = {items->iloc, 0, 0};
    const int version = (int)take(&r, 1);
    take(&r, 3);
    const int sizes = (int)take(&r, 1), more = (int)take(&r, 1);
    const int offset_bytes = sizes >> 4, length_bytes = sizes & 15, base_bytes = more >> 4;
    const int index_bytes = version == 1 || version == 2 ? more & 15 : 0;
    const uint32_t count = (uint32_t)take(&r, version == 2 ? 4 : 2);
    for (uint32_t i = 0; i < count && !r.failed; i++) {
        const uint32_t item = (uint32_t)take(&r, version == 2 ? 4 : 2);
        const int method = version == 1 || version == 2 ? (int)(take(&r, 2) & 15) : 0;
        take(&r, 2);   /* data reference index */
        const uint64_t base = take(&r, base_bytes);
        const uint32_t extents = (uint32_t)take(&r, 2);
        size_t filled = 0;
        int usable = item == id && (method == 0 || method == 1);
        for (uint32_t e = 0; e < extents && !r.failed; e++) {
            take(&r, index_bytes);
            const uint64_t offset = base + take(&r, offset_bytes);
            const uint64_t extent = take(&r, length_bytes);
            if (!usable) continue;
            const cio_bmff_span source = method == 0 ? (cio_bmff_span){items->file, items->file_size} : items->idat;
            if (extent == 0 || offset > source.size || extent > source.size - offset ||
                (buffer != NULL && extent > capacity - filled)) {
                usable = 0;   /* "to the end" extents and data past the end are not read here */
                continue;
            }
            if (buffer != NULL) memcpy(buffer + filled, source.data + offset, (size_t)extent);
            filled += (size_t)extent;
        }
        if (item == id) {
            *length = filled;
            return usable && !r.failed;
        }
    }
    return 0;
}
