/* The orientation tag (0x0112) of IFD0 in a TIFF-structured EXIF block, every offset bounds-checked. */
#include "internal.h"
#include <stdio.h>
#include <string.h>

static uint32_t read16(const uint8_t *p, int big_endian) {
    return big_endian ? (uint32_t)(p[0] << 8 | p[1]) : (uint32_t)(p[1] << 8 | p[0]);
}

static uint32_t read32(const uint8_t *p, int big_endian) {
    return big_endian ? ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3])
                      : ((uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]);
}

/* The offset of IFD0's orientation entry, with its type (3 SHORT or 4 LONG, value inline); -1 if none. */
static int64_t orientation_entry(const uint8_t *tiff, size_t size, int *big_endian, uint32_t *type) {
    if (tiff == NULL || size < 8) return -1;
    if (tiff[0] == 'M' && tiff[1] == 'M') *big_endian = 1;
    else if (tiff[0] == 'I' && tiff[1] == 'I') *big_endian = 0;
    else return -1;
    if (read16(tiff + 2, *big_endian) != 42) return -1;
    uint64_t ifd = read32(tiff + 4, *big_endian);
    if (ifd + 2 > size) return -1;
    uint32_t count = read16(tiff + ifd, *big_endian);
    for (uint32_t i = 0; i < count; i++) {
        uint64_t entry = ifd + 2 + (uint64_t)i * 12;
        if (entry + 12 > size) return -1;
        const uint8_t *e = tiff + entry;
        if (read16(e, *big_endian) != 0x0112) continue;
        *type = read16(e + 2, *big_endian);
        if ((*type != 3 && *type != 4) || read32(e + 4, *big_endian) < 1) return -1;
        return (int64_t)entry;
    }
    return -1;
}

int cio_exif_has_orientation(const uint8_t *tiff, size_t size) {
    int big_endian;
    uint32_t type;
    return orientation_entry(tiff, size, &big_endian, &type) >= 0;
}

int cio_exif_orientation(const uint8_t *tiff, size_t size) {
    int big_endian;
    uint32_t type;
    int64_t entry = orientation_entry(tiff, size, &big_endian, &type);
    if (entry < 0) return 1;
    const uint8_t *value = tiff + entry + 8;
    uint32_t v = type == 3 ? read16(value, big_endian) : read32(value, big_endian);
    return (v >= 1 && v <= 8) ? (int)v : 1;
}

int cio_exif_set_orientation(uint8_t *tiff, size_t size, int orientation) {
    int big_endian;
    uint32_t type;
    int64_t entry = orientation_entry(tiff, size, &big_endian, &type);
    if (entry < 0) return 0;
    uint8_t *value = tiff + entry + 8;
    uint8_t bytes[4] = {0, 0, 0, 0};
    int width = type == 3 ? 2 : 4;
    bytes[big_endian ? width - 1 : 0] = (uint8_t)orientation;
    for (int i = 0; i < width; i++) value[i] = bytes[i];
    return 1;
}

int cio_exif_is_tiff(const uint8_t *tiff, size_t size, size_t max_size, cio_warnings *dropped) {
    if (size > max_size) {
        char line[CIO_MESSAGE_CAPACITY];
        snprintf(line, sizeof line, "EXIF dropped: %zu bytes is over the format's %zu-byte limit", size, max_size);
        cio_warnings_add(dropped, line);
        return 0;
    }
    if (size < 8 || !((tiff[0] == 'M' && tiff[1] == 'M' && tiff[2] == 0 && tiff[3] == 42) ||
                      (tiff[0] == 'I' && tiff[1] == 'I' && tiff[2] == 42 && tiff[3] == 0))) {
        cio_warnings_add(dropped, "EXIF dropped: not a TIFF-structured EXIF block");
        return 0;
    }
    return 1;
}

void cio_copy_heif_exif(const uint8_t *bytes, size_t size, uint8_t **tiff, size_t *tiff_size) {
    *tiff = NULL;
    *tiff_size = 0;
    if (bytes == NULL || size < 8) return;
    if ((bytes[0] == 'I' && bytes[1] == 'I' && bytes[2] == 42) || (bytes[0] == 'M' && bytes[1] == 'M' && bytes[3] == 42)) {
        cio_copy_bytes(bytes, size, tiff, tiff_size);   /* libavif 0.11 drops the offset itself */
        return;
    }
    if (size >= 14 && memcmp(bytes, "Exif\0\0", 6) == 0) {
        cio_copy_heif_exif(bytes + 6, size - 6, tiff, tiff_size);   /* ... and leaves the JPEG-style prefix exiftool writes */
        return;
    }
    const uint64_t offset = 4 + ((uint64_t)bytes[0] << 24 | (uint64_t)bytes[1] << 16 | (uint64_t)bytes[2] << 8 | bytes[3]);
    if (offset + 8 > size) return;
    const uint8_t *header = bytes + offset;
    if (!((header[0] == 'I' && header[1] == 'I') || (header[0] == 'M' && header[1] == 'M'))) return;
    cio_copy_bytes(header, size - offset, tiff, tiff_size);
}
