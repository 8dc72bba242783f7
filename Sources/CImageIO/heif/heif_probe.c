/* HEIF header probe: the primary image's upright size, alpha, ICC (or one made from nclx), Exif and XMP. */
#include "heif/heif_reader.h"
#include "heif/heif_av1_route.h"
#include "colour/nclx_profile.h"
#include <stdlib.h>
#include <string.h>

static void read_profile(const struct heif_image_handle *handle, cio_info *info) {
    const enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        const size_t size = heif_image_handle_get_raw_color_profile_size(handle);
        uint8_t *profile = size > 0 ? malloc(size) : NULL;
        if (profile != NULL && heif_image_handle_get_raw_color_profile(handle, profile).code == heif_error_Ok) {
            info->icc = profile;
            info->icc_size = size;
        } else {
            free(profile);
        }
        return;
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx != NULL) {
        info->icc = cio_nclx_profile(nclx->color_primaries, nclx->transfer_characteristics, &info->icc_size);
    }
    heif_nclx_color_profile_free(nclx);
}

/* The first Exif block, without the offset HEIF puts before the TIFF header. */
static void read_exif(const struct heif_image_handle *handle, cio_info *info) {
    heif_item_id id;
    if (heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) != 1) return;
    const size_t size = heif_image_handle_get_metadata_size(handle, id);
    uint8_t *block = size > 0 ? malloc(size) : NULL;
    if (block != NULL && heif_image_handle_get_metadata(handle, id, block).code == heif_error_Ok) {
        cio_copy_heif_exif(block, size, &info->exif, &info->exif_size);
    }
    free(block);
}

/* The first mime item of type application/rdf+xml: the XMP packet. */
static void read_xmp(const struct heif_image_handle *handle, cio_info *info) {
    heif_item_id ids[8];
    const int count = heif_image_handle_get_list_of_metadata_block_IDs(handle, "mime", ids, 8);
    for (int i = 0; i < count; i++) {
        const char *type = heif_image_handle_get_metadata_content_type(handle, ids[i]);
        if (type == NULL || strcmp(type, "application/rdf+xml") != 0) continue;
        const size_t size = heif_image_handle_get_metadata_size(handle, ids[i]);
        uint8_t *packet = size > 0 ? malloc(size) : NULL;
        if (packet != NULL && heif_image_handle_get_metadata(handle, ids[i], packet).code == heif_error_Ok) {
            info->xmp = packet;
            info->xmp_size = size;
        } else {
            free(packet);
        }
        return;
    }
}

/* An AV1 image in a HEIF without the avif brand: what libavif reads of it (cio_heif_decode decodes it
 * the same way), as a HEIF. */
static cio_status probe_av1(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    uint8_t *avif = cio_heif_as_avif(data, size);
    if (avif == NULL) {
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    const cio_status status = cio_avif_probe(avif, size, info, message);
    free(avif);
    info->format = CIO_FORMAT_HEIF;
    return status;
}

cio_status cio_heif_probe(const uint8_t *data, size_t size, cio_info *info, cio_message *message) {
    cio_heif_items items;
    if (cio_heif_items_read(data, size, &items) && cio_heif_is_av1(&items)) return probe_av1(data, size, info, message);
    cio_heif_file file;
    cio_status status = cio_heif_open(data, size, &file, message);
    if (status != CIO_OK) return status;
    info->format = CIO_FORMAT_HEIF;
    info->width = file.width;
    info->height = file.height;
    info->has_alpha = file.has_alpha;
    info->channels = 3 + file.has_alpha;
    const int bits = heif_image_handle_get_luma_bits_per_pixel(file.handle);
    info->bit_depth = bits > 0 ? bits : 8;
    info->orientation = 1;
    info->layout = file.has_alpha ? CIO_RGBA8 : CIO_RGB8;
    read_profile(file.handle, info);
    read_exif(file.handle, info);
    read_xmp(file.handle, info);
    cio_heif_close(&file);
    return CIO_OK;
}
