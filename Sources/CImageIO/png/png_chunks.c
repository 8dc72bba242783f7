/* Bounds-checked walks over PNG chunk headers: metadata libpng only sees before IDAT (eXIf), and the
 * structure of the part of a file a cropped decode never reads. */
#include "png/png_reader.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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

static uint32_t big_endian32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

cio_status cio_png_check_structure(const uint8_t *data, size_t size, size_t checked, cio_message *message) {
    size_t offset = 8;
    while (size >= 12 && offset <= size - 12) {
        const uint8_t *p = data + offset;
        const size_t n = big_endian32(p);
        if (n > size - 12 - offset) break;
        /* libpng checked the CRCs of the chunks it read whole; a damaged ancillary chunk is only
         * dropped by libpng, so only critical chunks (upper-case first letter) count here */
        if (offset + 12 + n > checked && (p[4] & 0x20) == 0) {
            uLong crc = crc32(0L, Z_NULL, 0);
            const uint8_t *body = p + 4;
            size_t left = n + 4;
            while (left > 0) {
                const uInt part = left > (1u << 30) ? (1u << 30) : (uInt)left;
                crc = crc32(crc, body, part);
                body += part;
                left -= part;
            }
            if ((uint32_t)crc != big_endian32(p + 8 + n)) {
                cio_set_message(message, "PNG CRC error in %.4s chunk", (const char *)p + 4);
                return CIO_CORRUPT;
            }
        }
        if (memcmp(p + 4, "IEND", 4) == 0) return CIO_OK;
        offset += 12 + n;
    }
    cio_set_message(message, "truncated PNG data (the file ends before IEND)");
    return CIO_TRUNCATED;
}

/* Appends a chunk of `type` holding `data` with its CRC. */
static uint8_t *put_chunk(uint8_t *out, const char type[4], const uint8_t *data, size_t n) {
    const uint8_t length[4] = {(uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n};
    memcpy(out, length, 4);
    memcpy(out + 4, type, 4);
    if (n > 0) memcpy(out + 8, data, n);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    if (n > 0) crc = crc32(crc, data, (uInt)n);   /* crc32 of a NULL buffer is 0, not the running value */
    const uint8_t tail[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8), (uint8_t)crc};
    memcpy(out + 8 + n, tail, 4);
    return out + 12 + n;
}

int cio_png_close_truncated(const uint8_t *data, size_t size, uint8_t **copy, size_t *copy_size) {
    size_t offset = 8;
    while (offset <= size && size - offset >= 12) {
        const uint8_t *p = data + offset;
        const size_t n = big_endian32(p);
        if (n > size - 12 - offset) break;
        if (memcmp(p + 4, "IEND", 4) == 0) return 0;
        offset += 12 + n;
    }
    if (offset > size) return 0;
    /* the chunk at `offset` is cut: keep the IDAT bytes that are there, drop anything else */
    size_t kept = 0;
    const uint8_t *p = data + offset;
    if (size - offset >= 8 && memcmp(p + 4, "IDAT", 4) == 0) {
        kept = size - offset - 8;
        if (kept > big_endian32(p)) kept = big_endian32(p);   /* only the CRC was cut */
        if (kept > (1u << 30)) return 0;
    }
    uint8_t *out = malloc(offset + (kept > 0 ? 12 + kept : 0) + 12);
    if (out == NULL) return 0;
    memcpy(out, data, offset);
    uint8_t *end = out + offset;
    if (kept > 0) end = put_chunk(end, "IDAT", p + 8, kept);
    end = put_chunk(end, "IEND", NULL, 0);
    *copy = out;
    *copy_size = (size_t)(end - out);
    return 1;
}
