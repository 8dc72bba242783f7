/* The orientation tag (0x0112) of IFD0 in a TIFF-structured EXIF block, every offset bounds-checked. */
#include "internal.h"

static uint32_t read16(const uint8_t *p, int big_endian) {
    return big_endian ? (uint32_t)(p[0] << 8 | p[1]) : (uint32_t)(p[1] << 8 | p[0]);
}

static uint32_t read32(const uint8_t *p, int big_endian) {
    return big_endian ? ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3])
                      : ((uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]);
}

int cio_exif_orientation(const uint8_t *tiff, size_t size) {
    if (tiff == NULL || size < 8) return 1;
    int big_endian;
    if (tiff[0] == 'M' && tiff[1] == 'M') big_endian = 1;
    else if (tiff[0] == 'I' && tiff[1] == 'I') big_endian = 0;
    else return 1;
    if (read16(tiff + 2, big_endian) != 42) return 1;
    uint64_t ifd = read32(tiff + 4, big_endian);
    if (ifd + 2 > size) return 1;
    uint32_t count = read16(tiff + ifd, big_endian);
    for (uint32_t i = 0; i < count; i++) {
        uint64_t entry = ifd + 2 + (uint64_t)i * 12;
        if (entry + 12 > size) return 1;
        const uint8_t *e = tiff + entry;
        if (read16(e, big_endian) != 0x0112) continue;
        uint32_t type = read16(e + 2, big_endian);
        uint32_t n = read32(e + 4, big_endian);
        uint32_t value;
        if (type == 3 && n >= 1) value = read16(e + 8, big_endian);          /* SHORT, stored inline */
        else if (type == 4 && n >= 1) value = read32(e + 8, big_endian);     /* LONG, stored inline */
        else return 1;
        return (value >= 1 && value <= 8) ? (int)value : 1;
    }
    return 1;
}
