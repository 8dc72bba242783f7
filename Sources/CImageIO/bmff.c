/* ISO-BMFF box headers: 32-bit sizes, 64-bit "largesize", and 0 for "to the end". */
#include "bmff.h"
#include <string.h>

uint32_t cio_bmff_number(const uint8_t *bytes, int count) {
    uint32_t value = 0;
    for (int i = 0; i < count; i++) value = value << 8 | bytes[i];
    return value;
}

int cio_bmff_next_box(cio_bmff_span *s, char type[4], cio_bmff_span *payload, char cut[4]) {
    if (s->size < 8) return 0;
    uint64_t length = cio_bmff_number(s->data, 4), header = 8;
    if (length == 1) {
        if (s->size < 16) return 0;
        length = (uint64_t)cio_bmff_number(s->data + 8, 4) << 32 | cio_bmff_number(s->data + 12, 4);
        header = 16;
    } else if (length == 0) {
        length = s->size;
    }
    if (length < header || length > s->size) {
        if (cut != NULL && length > s->size) memcpy(cut, s->data + 4, 4);
        return 0;
    }
    memcpy(type, s->data + 4, 4);
    payload->data = s->data + header;
    payload->size = (size_t)(length - header);
    s->data += length;
    s->size -= (size_t)length;
    return 1;
}

int cio_bmff_find_box(cio_bmff_span span, const char *type, cio_bmff_span *payload) {
    char found[4];
    while (cio_bmff_next_box(&span, found, payload, NULL)) {
        if (memcmp(found, type, 4) == 0) return 1;
    }
    return 0;
}
