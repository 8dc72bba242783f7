/* EXIF, IPTC and XMP that PNG writers keep in text chunks: ImageMagick's, GIMP's and exiftool's
 * hex-encoded "Raw profile type exif"/"Raw profile type APP1"/"Raw profile type iptc", the XMP packet
 * and its tiff:Orientation. Only the chunk with
 * the wanted keyword is read, and its inflated text is bounded: text chunks never cost memory. */
#include "png/png_reader.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { MAX_RAW_PROFILE_TEXT = 1 << 20, MAX_XMP_TEXT = 4 << 20 };

/* Inflates a zlib stream into a new buffer of at most `max` bytes; 0 if damaged or longer. */
static int inflate_bounded(const uint8_t *in, size_t in_size, size_t max, uint8_t **out, size_t *out_size) {
    uint8_t *buffer = malloc(max);
    if (buffer == NULL) return 0;
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) {
        free(buffer);
        return 0;
    }
    z.next_in = (Bytef *)in;
    z.avail_in = in_size > UINT32_MAX ? UINT32_MAX : (uInt)in_size;
    z.next_out = buffer;
    z.avail_out = (uInt)max;
    int result = inflate(&z, Z_FINISH);
    *out_size = max - z.avail_out;
    inflateEnd(&z);
    if (result != Z_STREAM_END) {
        free(buffer);
        return 0;
    }
    *out = buffer;
    return 1;
}

/* The text of the first tEXt, zTXt or iTXt chunk whose keyword is `keyword` (malloc'd, at most
 * `max` bytes, not NUL-terminated); 0 if there is none or it cannot be read. */
static int text_chunk(const uint8_t *data, size_t size, const char *keyword, size_t max, uint8_t **text,
                      size_t *text_size) {
    const size_t key_length = strlen(keyword) + 1;   /* with its NUL */
    size_t offset = 8;
    while (size >= 12 && offset <= size - 12) {
        const uint8_t *p = data + offset;
        const size_t n = (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
        if (n > size - 12 - offset || memcmp(p + 4, "IEND", 4) == 0) return 0;
        offset += 12 + n;
        const uint8_t *body = p + 8;
        const int is_text = memcmp(p + 4, "tEXt", 4) == 0, is_ztxt = memcmp(p + 4, "zTXt", 4) == 0,
                  is_itxt = memcmp(p + 4, "iTXt", 4) == 0;
        if (!(is_text || is_ztxt || is_itxt) || n < key_length || memcmp(body, keyword, key_length) != 0) continue;
        const uint8_t *rest = body + key_length, *end = body + n;
        int compressed = is_ztxt;
        if (is_ztxt) {
            if (rest >= end) return 0;
            rest += 1;   /* compression method */
        } else if (is_itxt) {
            if (end - rest < 2) return 0;
            compressed = rest[0] != 0;
            rest += 2;
            for (int skip = 0; skip < 2; skip++) {   /* language tag, translated keyword */
                const uint8_t *nul = memchr(rest, 0, (size_t)(end - rest));
                if (nul == NULL) return 0;
                rest = nul + 1;
            }
        }
        const size_t length = (size_t)(end - rest);
        if (compressed) return inflate_bounded(rest, length, max, text, text_size);
        if (length > max) return 0;
        *text = malloc(length > 0 ? length : 1);
        if (*text == NULL) return 0;
        memcpy(*text, rest, length);
        *text_size = length;
        return 1;
    }
    return 0;
}

static int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* "\n<name>\n<spaces><decimal length>\n<hex digits, any whitespace>": the bytes, in place. */
static int decode_raw_profile(uint8_t *text, size_t size, size_t *decoded) {
    size_t i = 0;
    while (i < size && (text[i] == '\n' || text[i] == '\r')) i++;
    while (i < size && text[i] != '\n') i++;   /* the profile name */
    while (i < size && (text[i] == '\n' || text[i] == ' ' || text[i] == '\r' || text[i] == '\t')) i++;
    size_t length = 0;
    int digits = 0;
    while (i < size && text[i] >= '0' && text[i] <= '9' && digits < 9) {
        length = length * 10 + (size_t)(text[i++] - '0');
        digits++;
    }
    if (digits == 0 || length == 0) return 0;
    size_t out = 0;
    int high = -1;
    for (; i < size && out < length; i++) {
        const int v = hex_value(text[i]);
        if (v < 0) {
            if (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t') continue;
            return 0;
        }
        if (high < 0) {
            high = v;
        } else {
            text[out++] = (uint8_t)(high << 4 | v);   /* out < i: decoding in place is safe */
            high = -1;
        }
    }
    if (out != length) return 0;
    *decoded = out;
    return 1;
}

int cio_png_raw_profile_exif(const uint8_t *data, size_t size, uint8_t **exif, size_t *exif_size) {
    static const char *const keywords[] = {"Raw profile type exif", "Raw profile type APP1"};
    for (int k = 0; k < 2; k++) {
        uint8_t *text = NULL;
        size_t text_size = 0, decoded = 0;
        if (!text_chunk(data, size, keywords[k], MAX_RAW_PROFILE_TEXT, &text, &text_size)) continue;
        if (decode_raw_profile(text, text_size, &decoded)) {
            const size_t skip = decoded >= 6 && memcmp(text, "Exif\0\0", 6) == 0 ? 6 : 0;
            const uint8_t *tiff = text + skip;
            const size_t tiff_size = decoded - skip;
            if (tiff_size >= 8 && ((tiff[0] == 'M' && tiff[1] == 'M') || (tiff[0] == 'I' && tiff[1] == 'I'))) {
                cio_copy_bytes(tiff, tiff_size, exif, exif_size);
                free(text);
                return *exif != NULL;
            }
        }
        free(text);
    }
    return 0;
}

int cio_png_raw_profile_iptc(const uint8_t *data, size_t size, uint8_t **iptc, size_t *iptc_size) {
    uint8_t *text = NULL;
    size_t text_size = 0, decoded = 0;
    if (!text_chunk(data, size, "Raw profile type iptc", MAX_RAW_PROFILE_TEXT, &text, &text_size)) return 0;
    if (decode_raw_profile(text, text_size, &decoded)) {
        if (decoded >= 4 && memcmp(text, "8BIM", 4) == 0) {
            cio_iptc_from_photoshop(text, decoded, iptc, iptc_size);
        } else if (decoded > 0 && text[0] == 0x1C) {   /* the bare records, as ImageMagick writes them */
            cio_copy_bytes(text, decoded, iptc, iptc_size);
        }
    }
    free(text);
    return *iptc != NULL;
}

int cio_png_xmp(const uint8_t *data, size_t size, uint8_t **xmp, size_t *xmp_size) {
    return text_chunk(data, size, "XML:com.adobe.xmp", MAX_XMP_TEXT, xmp, xmp_size);
}

int cio_png_xmp_orientation(const uint8_t *data, size_t size) {
    uint8_t *text = NULL;
    size_t text_size = 0;
    if (!text_chunk(data, size, "XML:com.adobe.xmp", MAX_XMP_TEXT, &text, &text_size)) return 0;
    static const char tag[] = "tiff:Orientation";
    const size_t tag_length = sizeof tag - 1;
    int orientation = 0;
    for (size_t i = 0; i + tag_length < text_size && orientation == 0; i++) {
        if (text[i] != 't' || memcmp(text + i, tag, tag_length) != 0) continue;
        size_t j = i + tag_length;
        /* attribute form tiff:Orientation="6" or element form <tiff:Orientation>6</tiff:Orientation> */
        if (j < text_size && text[j] == '=') {
            j++;
            if (j < text_size && (text[j] == '"' || text[j] == '\'')) j++;
        } else if (j < text_size && text[j] == '>') {
            j++;
        } else {
            continue;
        }
        while (j < text_size && (text[j] == ' ' || text[j] == '\n' || text[j] == '\r' || text[j] == '\t')) j++;
        if (j < text_size && text[j] >= '1' && text[j] <= '8' &&
            (j + 1 >= text_size || text[j + 1] < '0' || text[j + 1] > '9')) {
            orientation = text[j] - '0';
        }
    }
    free(text);
    return orientation;
}
