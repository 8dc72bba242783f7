/* Photoshop image resources ("8BIM", a 16-bit id, a padded Pascal name, a 32-bit size, the data padded
 * to even), where JPEG APP13 and PNG's "Raw profile type iptc" keep the IPTC records (id 0x0404). */
#include "internal.h"
#include <string.h>

enum { IPTC_RESOURCE = 0x0404 };

int cio_iptc_from_photoshop(const uint8_t *resources, size_t size, uint8_t **iptc, size_t *iptc_size) {
    size_t at = 0;
    while (size >= 12 && at <= size - 12) {
        const uint8_t *p = resources + at;
        if (memcmp(p, "8BIM", 4) != 0) return 0;
        const unsigned id = (unsigned)p[4] << 8 | p[5];
        const size_t name = ((size_t)p[6] + 2) & ~(size_t)1;   /* length byte, text, padding to even */
        if (name > size - at - 6 || size - at - 6 - name < 4) return 0;
        const uint8_t *length = p + 6 + name;
        const size_t data_size = (size_t)length[0] << 24 | (size_t)length[1] << 16 | (size_t)length[2] << 8 | length[3];
        const size_t data_at = at + 6 + name + 4;
        if (data_size > size - data_at) return 0;
        if (id == IPTC_RESOURCE) {
            cio_copy_bytes(resources + data_at, data_size, iptc, iptc_size);
            return *iptc != NULL;
        }
        at = data_at + data_size + (data_size & 1);
    }
    return 0;
}

int cio_photoshop_append_iptc(cio_byte_buffer *buffer, const uint8_t *iptc, size_t iptc_size) {
    const size_t padded = iptc_size + (iptc_size & 1);
    if (iptc_size > UINT32_MAX || !cio_byte_buffer_reserve(buffer, 12 + padded)) return 0;
    uint8_t *p = buffer->bytes + buffer->size;
    const uint8_t header[12] = {'8', 'B', 'I', 'M', IPTC_RESOURCE >> 8, IPTC_RESOURCE & 0xFF, 0, 0,
                                (uint8_t)(iptc_size >> 24), (uint8_t)(iptc_size >> 16), (uint8_t)(iptc_size >> 8),
                                (uint8_t)iptc_size};
    memcpy(p, header, 12);
    memcpy(p + 12, iptc, iptc_size);
    if (iptc_size & 1) p[12 + iptc_size] = 0;
    buffer->size += 12 + padded;
    return 1;
}
