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

int cio_gif_delay_ms(int centiseconds) {
    return centiseconds <= 1 ? 100 : centiseconds * 10;
}

/* Whether the application extension at `i` (its introducer) is NETSCAPE2.0 (or ANIMEXTS1.0) with a loop
 * sub-block; its loop count in *loops. */
static int loop_extension(const uint8_t *data, size_t size, size_t i, int *loops) {
    if (i + 19 > size || data[i + 2] != 11) return 0;
    if (memcmp(data + i + 3, "NETSCAPE2.0", 11) != 0 && memcmp(data + i + 3, "ANIMEXTS1.0", 11) != 0) return 0;
    if (data[i + 14] < 3 || data[i + 15] != 1) return 0;
    *loops = (int)data[i + 16] | (int)data[i + 17] << 8;
    return 1;
}

cio_status cio_gif_summarise(const uint8_t *data, size_t size, cio_gif_summary *s, cio_message *message) {
    memset(s, 0, sizeof *s);
    s->loop_count = -1;
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
    int delay = 0;
    while (i < size) {
        const uint8_t introducer = data[i];
        if (introducer == 0x3B) {
            s->complete = 1;
            break;
        }
        if (introducer == 0x21) {
            if (i + 2 > size) break;
            const uint8_t label = data[i + 1];
            if (label == 0xF9 && i + 7 <= size && data[i + 2] >= 4) {
                transparent = (data[i + 3] & 1) != 0;
                if (((data[i + 3] >> 2) & 7) == 2) s->animation_alpha = 1;
                delay = (int)data[i + 4] | (int)data[i + 5] << 8;
            }
            if (label == 0xFF && s->loop_count < 0) loop_extension(data, size, i, &s->loop_count);
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
                const uint32_t left = (uint32_t)data[i + 1] | (uint32_t)data[i + 2] << 8, top = (uint32_t)data[i + 3] | (uint32_t)data[i + 4] << 8;
                const uint32_t width = (uint32_t)data[i + 5] | (uint32_t)data[i + 6] << 8, height = (uint32_t)data[i + 7] | (uint32_t)data[i + 8] << 8;
                if (left > 0 || top > 0 || left + width < s->width || top + height < s->height) s->animation_alpha = 1;
            }
            if (transparent) s->animation_alpha = 1;
            s->frame_count++;
            s->duration_ms += (uint64_t)cio_gif_delay_ms(delay);
            transparent = 0;
            delay = 0;
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
