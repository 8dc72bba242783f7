/* Format sniffing by magic bytes; ISO-BMFF files (AVIF, HEIF) by the brands of their ftyp box. */
#include "internal.h"
#include <string.h>

static int is_brand(const uint8_t *brand, const char *const *names) {
    for (; *names != NULL; names++) {
        if (memcmp(brand, *names, 4) == 0) return 1;
    }
    return 0;
}

/* AVIF when any brand (major or compatible) says AV1 image or sequence, else HEIF when one names a
 * HEIF image or sequence brand: a mif1 file is AVIF when it also lists avif. A 'mini' file (mif3)
 * names its codec brand where the minor version would be. */
static cio_format bmff_format(const uint8_t *data, size_t size) {
    static const char *const avif[] = {"avif", "avis", NULL};
    static const char *const heif[] = {"heic", "heix", "heim", "heis", "hevc", "hevx", "heif", "mif1", "mif2",
                                       "mif3", "msf1", NULL};
    if (size < 16 || memcmp(data + 4, "ftyp", 4) != 0) return CIO_FORMAT_UNKNOWN;
    const uint32_t box = (uint32_t)data[0] << 24 | (uint32_t)data[1] << 16 | (uint32_t)data[2] << 8 | data[3];
    const size_t end = box < 16 || box > size ? size : box;
    const int mini = memcmp(data + 8, "mif3", 4) == 0;
    int found_heif = 0;
    for (size_t i = 8; i + 4 <= end; i += 4) {
        if (i == 12 && !mini) continue;   /* the minor version */
        if (is_brand(data + i, avif)) return CIO_FORMAT_AVIF;
        found_heif |= is_brand(data + i, heif);
    }
    return found_heif ? CIO_FORMAT_HEIF : CIO_FORMAT_UNKNOWN;
}

cio_format cio_sniff_format(const uint8_t *data, size_t size) {
    static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (data == NULL) return CIO_FORMAT_UNKNOWN;
    if (size >= 2 && data[0] == 0xFF && data[1] == 0xD8) return CIO_FORMAT_JPEG;   /* SOI */
    if (size >= 8 && memcmp(data, png_signature, 8) == 0) return CIO_FORMAT_PNG;
    if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) return CIO_FORMAT_WEBP;
    if (size >= 6 && (memcmp(data, "GIF87a", 6) == 0 || memcmp(data, "GIF89a", 6) == 0)) return CIO_FORMAT_GIF;
    return bmff_format(data, size);
}
