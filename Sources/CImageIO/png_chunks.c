/* A bounds-checked walk over PNG chunk headers, for metadata libpng only sees before IDAT (eXIf). */
#include "png_reader.h"
#include <string.h>

int cio_png_find_chunk(const uint8_t *data, size_t size, const char type[4], const uint8_t **chunk, size_t *length) {
    size_t offset = 8;  /* after the signature */
    while (size >= 12 && offset <= size - 12) {
        const uint8_t *p = data + offset;
        size_t n = (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
        if (n > size - 12 - offset) return 0;   /* chunk runs past the data */
        if (memcmp(p + 4, type, 4) == 0) {
            *chunk = p + 8;
            *length = n;
            return 1;
        }
        if (memcmp(p + 4, "IEND", 4) == 0) return 0;
        offset += 12 + n;
    }
    return 0;
}
