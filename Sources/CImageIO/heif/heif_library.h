/* libheif, opened on first use rather than linked (codec_library.h). Linked, its load-time constructor
 * initialises libde265's tables (about 25 M instructions) in every process, whatever it reads. Every
 * libheif function the HEIF code calls is in CIO_HEIF_FUNCTIONS and named as in libheif, so that code
 * reads as plain libheif: each name below stands for its entry in the table cio_heif_library_open()
 * fills. */
#ifndef CIMAGEIO_HEIF_LIBRARY_H
#define CIMAGEIO_HEIF_LIBRARY_H
#include "internal.h"
#include <libheif/heif.h>

#define CIO_HEIF_FUNCTIONS(F)                                                                             \
    F(heif_context_alloc) F(heif_context_free) F(heif_context_get_image_handle)                           \
    F(heif_context_get_primary_image_handle) F(heif_context_read_from_memory_without_copy)                \
    F(heif_context_set_max_decoding_threads) F(heif_context_set_maximum_image_size_limit)                 \
    F(heif_decode_image) F(heif_decoding_options_alloc) F(heif_decoding_options_free)                     \
    F(heif_image_get_height) F(heif_image_get_plane_readonly) F(heif_image_get_width)                     \
    F(heif_image_handle_get_color_profile_type) F(heif_image_handle_get_height)                           \
    F(heif_image_handle_get_ispe_height) F(heif_image_handle_get_ispe_width)                              \
    F(heif_image_handle_get_list_of_metadata_block_IDs) F(heif_image_handle_get_luma_bits_per_pixel)      \
    F(heif_image_handle_get_metadata)                                                                     \
    F(heif_image_handle_get_metadata_content_type) F(heif_image_handle_get_metadata_size)                 \
    F(heif_image_handle_get_nclx_color_profile) F(heif_image_handle_get_raw_color_profile)                \
    F(heif_image_handle_get_raw_color_profile_size) F(heif_image_handle_get_width)                        \
    F(heif_image_handle_has_alpha_channel) F(heif_image_handle_release) F(heif_image_release)             \
    F(heif_nclx_color_profile_free)

#define CIO_HEIF_ENTRY(name) __typeof__(name) *name;
typedef struct {
    CIO_HEIF_FUNCTIONS(CIO_HEIF_ENTRY)
} cio_heif_library;
#undef CIO_HEIF_ENTRY

/* Opens libheif once per process: $ASPECTFIT_LIBHEIF when set (a path or a soname), else
 * libheif.so.1. CIO_OK when every function was found; otherwise
 * CIO_UNSUPPORTED with a message naming the library and dlerror()'s words. */
cio_status cio_heif_library_open(cio_message *message);

/* The table; filled only after cio_heif_library_open returned CIO_OK. */
extern cio_heif_library cio_heif_functions;

#ifndef CIO_HEIF_LIBRARY_ITSELF   /* heif_library.c fills the table under libheif's own names */
#define heif_context_alloc (cio_heif_functions.heif_context_alloc)
#define heif_context_free (cio_heif_functions.heif_context_free)
#define heif_context_get_image_handle (cio_heif_functions.heif_context_get_image_handle)
#define heif_context_get_primary_image_handle (cio_heif_functions.heif_context_get_primary_image_handle)
#define heif_context_read_from_memory_without_copy (cio_heif_functions.heif_context_read_from_memory_without_copy)
#define heif_context_set_max_decoding_threads (cio_heif_functions.heif_context_set_max_decoding_threads)
#define heif_context_set_maximum_image_size_limit (cio_heif_functions.heif_context_set_maximum_image_size_limit)
#define heif_decode_image (cio_heif_functions.heif_decode_image)
#define heif_decoding_options_alloc (cio_heif_functions.heif_decoding_options_alloc)
#define heif_decoding_options_free (cio_heif_functions.heif_decoding_options_free)
#define heif_image_get_height (cio_heif_functions.heif_image_get_height)
#define heif_image_get_plane_readonly (cio_heif_functions.heif_image_get_plane_readonly)
#define heif_image_get_width (cio_heif_functions.heif_image_get_width)
#define heif_image_handle_get_color_profile_type (cio_heif_functions.heif_image_handle_get_color_profile_type)
#define heif_image_handle_get_height (cio_heif_functions.heif_image_handle_get_height)
#define heif_image_handle_get_ispe_height (cio_heif_functions.heif_image_handle_get_ispe_height)
#define heif_image_handle_get_ispe_width (cio_heif_functions.heif_image_handle_get_ispe_width)
#define heif_image_handle_get_list_of_metadata_block_IDs (cio_heif_functions.heif_image_handle_get_list_of_metadata_block_IDs)
#define heif_image_handle_get_luma_bits_per_pixel (cio_heif_functions.heif_image_handle_get_luma_bits_per_pixel)
#define heif_image_handle_get_metadata (cio_heif_functions.heif_image_handle_get_metadata)
#define heif_image_handle_get_metadata_content_type (cio_heif_functions.heif_image_handle_get_metadata_content_type)
#define heif_image_handle_get_metadata_size (cio_heif_functions.heif_image_handle_get_metadata_size)
#define heif_image_handle_get_nclx_color_profile (cio_heif_functions.heif_image_handle_get_nclx_color_profile)
#define heif_image_handle_get_raw_color_profile (cio_heif_functions.heif_image_handle_get_raw_color_profile)
#define heif_image_handle_get_raw_color_profile_size (cio_heif_functions.heif_image_handle_get_raw_color_profile_size)
#define heif_image_handle_get_width (cio_heif_functions.heif_image_handle_get_width)
#define heif_image_handle_has_alpha_channel (cio_heif_functions.heif_image_handle_has_alpha_channel)
#define heif_image_handle_release (cio_heif_functions.heif_image_handle_release)
#define heif_image_release (cio_heif_functions.heif_image_release)
#define heif_nclx_color_profile_free (cio_heif_functions.heif_nclx_color_profile_free)
#endif
#endif
