/* GIF block structure: header, logical screen, colour tables, extensions, image descriptors, trailer. */
#include "gif/gif_blocks.h"
#include <string.h>

/* The offset after the data sub-blocks starting at `i` (a zero-length block ends them); 0 if they run off the end. */
static size_t skip_sub_blocks(const uint8_t *data, size_t size, size_t i) {
    while (i < size) {
        const size_t length = data[i];
        i += 1 + length;
        if (length == 0) return i <= size ? i : 0;
    }
    return 0;
}

cio_status cio_gif_summarise(const uint8_t *data, size_t size, cio_gif_summary *s, cio_message *message) {
    memset(s, 0, sizeof *s);
    if (size < 13) {
        cio_set_message(message, "truncated GIF data (the logical screen descriptor is cut off)");
        return CIO_TRUNCATED;
    }
    s->width = (uint32_t)data[6] | (uint32_t)data[7] << 8;
    s->height = (uint32_t)data[8] | (uint32_t)data[9] << 8;
    if (s->width == 0 || s->height == 0) {
        cio_set_message(message, "corrupt GIF: the logical screen is %ux%u", s->width, s->height);
        return CIO_CORRUPT;
    }
    size_t i = 13;
    if (data[10] & 0x80) i += 3u << ((data[10] & 7) + 1);
    int transparent = 0;   /* of the graphic control extension that applies to the next frame */
    while (i < size) {
        const uint8_t introducer = data[i];
        if (introducer == 0x3B) {
            s->complete = 1;
            break;
        }
        if (introducer == 0x21) {
            if (i + 2 > size) break;
            const uint8_t label = data[i + 1];
            if (label == 0xF9 && i + 4 <= size && data[i + 2] >= 4) transparent = (data[i + 3] & 1) != 0;
            const size_t next = skip_sub_blocks(data, size, i + 2);
            if (next == 0) break;
            i = next;
        } else if (introducer == 0x2C) {
            if (i + 10 > size) break;
            const uint8_t packed = data[i + 9];
            size_t next = i + 10;
            if (packed & 0x80) next += 3u << ((packed & 7) + 1);
            if (s->frame_count == 0) {
                s->first_transparent = transparent;
                s->first_interlaced = (packed & 0x40) != 0;
            }
            s->frame_count++;
            transparent = 0;
            next = next + 1 <= size ? skip_sub_blocks(data, size, next + 1) : 0;   /* after the LZW code size */
            if (next == 0) break;
            i = next;
        } else {
            if (s->frame_count > 0) break;   /* junk after the first frame: that frame is still the image */
            cio_set_message(message, "corrupt GIF: unknown block 0x%02X before the first image", introducer);
            return CIO_CORRUPT;
        }
    }
    if (s->frame_count == 0) {
        if (s->complete) {
            cio_set_message(message, "corrupt GIF: no image before the trailer");
            return CIO_CORRUPT;
        }
        cio_set_message(message, "truncated GIF data (it ends before the first image)");
        return CIO_TRUNCATED;
    }
    return CIO_OK;
}
