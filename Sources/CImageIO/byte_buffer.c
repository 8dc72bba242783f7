/* A growable malloc'd byte buffer that encoders write into. */
#include "internal.h"
#include <string.h>
#include <stdlib.h>

int cio_byte_buffer_reserve(cio_byte_buffer *buffer, size_t extra) {
    if (extra > SIZE_MAX - buffer->size) return 0;
    size_t needed = buffer->size + extra;
    if (needed <= buffer->capacity) return 1;
    size_t capacity = buffer->capacity < 65536 ? 65536 : buffer->capacity;
    while (capacity < needed) {
        if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
        capacity *= 2;
    }
    uint8_t *bytes = realloc(buffer->bytes, capacity);
    if (bytes == NULL) return 0;
    buffer->bytes = bytes;
    buffer->capacity = capacity;
    return 1;
}

void cio_free(void *pointer) { free(pointer); }

void cio_copy_bytes(const uint8_t *bytes, size_t size, uint8_t **copy, size_t *copy_size) {
    *copy = size > 0 ? malloc(size) : NULL;
    *copy_size = *copy != NULL ? size : 0;
    if (*copy != NULL) memcpy(*copy, bytes, size);
}
