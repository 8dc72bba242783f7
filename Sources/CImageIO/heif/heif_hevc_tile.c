/* libde265 on one tile, as libheif 1.15's decoder plugin (plugins/heif_decoder_libde265.cc) drives it. */
#include "heif/heif_hevc_tile.h"
#include "heif/de265_library.h"
#include "heif/heif_ycbcr.h"
#include <stdlib.h>
#include <string.h>

enum { MAX_PROPERTIES = 32, PADDING = 16 };

/* libde265's own picture allocation (image.cc, de265_image_get_buffer) with the planes zeroed: a damaged
 * stream leaves parts of a picture undecoded, which would otherwise show whatever the heap held. */
static int zeroed_planes(de265_decoder_context *context, struct de265_image_spec *spec, struct de265_image *picture,
                         void *user) {
    (void)context;
    (void)user;
    const int planes = spec->format == de265_image_format_mono8 ? 1 : 3;
    const int sub_x = spec->format == de265_image_format_YUV420P8 || spec->format == de265_image_format_YUV422P8 ? 2 : 1;
    const int sub_y = spec->format == de265_image_format_YUV420P8 ? 2 : 1;
    void *memory[3] = {NULL, NULL, NULL};
    int strides[3] = {0, 0, 0};
    for (int c = 0; c < planes; c++) {
        const int width = c == 0 ? spec->width : spec->width / sub_x, height = c == 0 ? spec->height : spec->height / sub_y;
        strides[c] = (width + spec->alignment - 1) / spec->alignment * spec->alignment;
        const size_t bytes = (size_t)height * (size_t)strides[c] * (size_t)((de265_get_bits_per_pixel(picture, c) + 7) / 8) + PADDING;
        if (width <= 0 || height <= 0 || posix_memalign(&memory[c], 16, bytes) != 0) {
            memory[c] = NULL;
            for (int i = 0; i < c; i++) free(memory[i]);
            return 0;
        }
        memset(memory[c], 0, bytes);
    }
    for (int c = 0; c < 3; c++) de265_set_image_plane(picture, c, memory[c], strides[c], memory[c]);
    return 1;
}

static void release_planes(de265_decoder_context *context, struct de265_image *picture, void *user) {
    (void)context;
    (void)user;
    for (int c = 0; c < 3; c++) free(de265_get_image_plane_user_data(picture, c));
}

/* hvcC's NAL units (empty ones skipped, as libheif does); 0 when the box is cut short. */
static int push_parameter_sets(de265_decoder_context *decoder, cio_bmff_span hvcc) {
    if (hvcc.size < 23) return 0;
    size_t at = 23;
    for (int array = 0, arrays = hvcc.data[22]; array < arrays; array++) {
        if (hvcc.size - at < 3) return 0;
        const size_t units = cio_bmff_number(hvcc.data + at + 1, 2);
        at += 3;
        for (size_t unit = 0; unit < units; unit++) {
            if (hvcc.size - at < 2) return 0;
            const size_t length = cio_bmff_number(hvcc.data + at, 2);
            if (hvcc.size - at - 2 < length) return 0;
            if (length > 0) de265_push_NAL(decoder, hvcc.data + at + 2, (int)length, 0, NULL);
            at += 2 + length;
        }
    }
    return 1;
}

/* The item's NAL units, each after a 4-byte length; 0 when one runs past the end. */
static int push_units(de265_decoder_context *decoder, const uint8_t *data, size_t size) {
    for (size_t at = 0; at < size;) {
        if (size - at < 4) return 0;
        const size_t length = cio_bmff_number(data + at, 4);
        at += 4;
        if (length > size - at) return 0;
        de265_push_NAL(decoder, data + at, (int)length, 0, NULL);
        at += length;
    }
    return 1;
}

/* The tile's own nclx (the last colr nclx among its properties, as libheif keeps it): 1 when it has one. */
static int tile_nclx(const cio_heif_items *items, uint32_t id, int *matrix, int *full_range, cio_bmff_span *hvcc) {
    cio_heif_property properties[MAX_PROPERTIES];
    const size_t count = cio_heif_item_properties(items, id, properties, MAX_PROPERTIES);
    int found = 0;
    hvcc->size = 0;
    for (size_t i = 0; i < count; i++) {
        const cio_bmff_span p = properties[i].payload;
        if (memcmp(properties[i].type, "hvcC", 4) == 0 && hvcc->size == 0) *hvcc = p;
        if (memcmp(properties[i].type, "colr", 4) == 0 && p.size >= 11 && memcmp(p.data, "nclx", 4) == 0) {
            *matrix = (int)cio_bmff_number(p.data + 8, 2);
            *full_range = (p.data[10] & 0x80) != 0;
            found = 1;
        }
    }
    return found;
}

/* The picture's nclx from its VUI, as libheif's plugin records it (a matrix it does not know is unspecified). */
static void stream_nclx(const struct de265_image *picture, int *matrix, int *full_range) {
    const int m = de265_get_image_matrix_coefficients(picture);
    *matrix = (m >= 0 && m <= 14 && m != 3) ? m : 2;
    *full_range = de265_get_image_full_range_flag(picture) != 0;
}

static cio_status convert(const struct de265_image *picture, int matrix, int full_range, uint32_t width, uint32_t height,
                          const cio_heif_tile_target *target, cio_message *message) {
    const enum de265_chroma chroma = de265_get_chroma_format(picture);
    if (de265_get_image_width(picture, 0) != (int)width || de265_get_image_height(picture, 0) != (int)height) {
        cio_set_message(message, "corrupt HEIF: a tile decodes to %dx%d, its header says %ux%u",
                        de265_get_image_width(picture, 0), de265_get_image_height(picture, 0), width, height);
        return CIO_CORRUPT;
    }
    cio_heif_ycbcr conversion;
    if (chroma == de265_chroma_mono || !cio_heif_ycbcr_of(matrix, full_range, &conversion)) return CIO_UNSUPPORTED;
    for (int c = 0; c < 3; c++) {
        if (de265_get_bits_per_pixel(picture, c) != 8) return CIO_UNSUPPORTED;
    }
    const int shift_x = chroma == de265_chroma_444 ? 0 : 1, shift_y = chroma == de265_chroma_420 ? 1 : 0;
    int y_stride, cb_stride, cr_stride;
    const uint8_t *y = de265_get_image_plane(picture, 0, &y_stride);
    const uint8_t *cb = de265_get_image_plane(picture, 1, &cb_stride);
    const uint8_t *cr = de265_get_image_plane(picture, 2, &cr_stride);
    uint8_t *out = target->origin;
    for (uint32_t row = target->y; row < target->y + target->height; row++, out += target->row_step) {
        const size_t chroma_row = row >> shift_y;
        cio_heif_ycbcr_row(&conversion, y + (size_t)row * (size_t)y_stride, cb + chroma_row * (size_t)cb_stride,
                           cr + chroma_row * (size_t)cr_stride, shift_x, target->x, target->width, out, target->pixel_step);
    }
    return CIO_OK;
}

/* The first warning libde265 gave that says the data is damaged (not one about threads); 0 when none did. */
static int damage_warning(de265_decoder_context *decoder) {
    int found = 0;
    for (de265_error warning; (warning = de265_get_warning(decoder)) != DE265_OK;) {
        if (!found && warning != DE265_WARNING_NO_WPP_CANNOT_USE_MULTITHREADING &&
            warning != DE265_WARNING_NUMBER_OF_THREADS_LIMITED_TO_MAXIMUM && warning != DE265_WARNING_WARNING_BUFFER_FULL) {
            found = warning;
        }
    }
    return found;
}

cio_status cio_heif_hevc_tile_decode(const cio_heif_items *items, uint32_t id, uint32_t width, uint32_t height,
                                     int skip_in_loop_filters, const cio_heif_tile_target *target, cio_message *damage,
                                     cio_message *message) {
    damage->text[0] = '\0';
    int matrix = 2, full_range = 1;
    cio_bmff_span hvcc;
    const int own_nclx = tile_nclx(items, id, &matrix, &full_range, &hvcc);
    size_t size = 0;
    if (hvcc.size == 0 || !cio_heif_item_data(items, id, NULL, 0, &size)) return CIO_UNSUPPORTED;   /* libheif says what is wrong */
    const cio_status usable = cio_de265_library_open(message);
    if (usable != CIO_OK) return usable;   /* CIO_UNSUPPORTED: the tile goes through libheif */
    uint8_t *data = malloc(size > 0 ? size : 1);
    de265_decoder_context *decoder = de265_new_decoder();
    struct de265_image_allocation zeroed = {zeroed_planes, release_planes};
    if (decoder != NULL) {
        de265_set_image_allocation_functions(decoder, &zeroed, NULL);
        de265_set_parameter_bool(decoder, DE265_DECODER_PARAM_DISABLE_DEBLOCKING, skip_in_loop_filters != 0);
        de265_set_parameter_bool(decoder, DE265_DECODER_PARAM_DISABLE_SAO, skip_in_loop_filters != 0);
    }
    if (data == NULL || decoder == NULL) {
        free(data);
        if (decoder != NULL) de265_free_decoder(decoder);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    cio_status status = CIO_OK;
    if (!cio_heif_item_data(items, id, data, size, &size) || !push_parameter_sets(decoder, hvcc) ||
        !push_units(decoder, data, size)) {
        cio_set_message(message, "corrupt HEIF (decoding a tile: a NAL unit runs past the tile's data)");
        status = CIO_CORRUPT;
    }
    free(data);
    int decoded = 0;
    if (status == CIO_OK) {
        de265_flush_data(decoder);
        int more = 1;
        while (more && status == CIO_OK) {
            more = 0;
            if (de265_decode(decoder, &more) != DE265_OK) break;
            const struct de265_image *picture = de265_get_next_picture(decoder);
            if (picture == NULL) continue;
            if (!own_nclx) stream_nclx(picture, &matrix, &full_range);
            status = convert(picture, matrix, full_range, width, height, target, message);   /* the last picture stays */
            decoded = 1;
            de265_release_next_picture(decoder);
        }
    }
    const int warning = damage_warning(decoder);
    if (status == CIO_OK && warning != 0) {
        cio_set_message(damage, "damaged HEVC data in a tile (libde265: %s)", de265_get_error_text((de265_error)warning));
    }
    de265_free_decoder(decoder);
    if (status == CIO_OK && !decoded) {
        cio_set_message(message, "corrupt HEIF (decoding a tile: libde265 gave no picture)");
        status = CIO_CORRUPT;
    }
    return status;
}
