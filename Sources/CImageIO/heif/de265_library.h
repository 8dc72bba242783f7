/* libde265, opened on first use rather than linked (codec_library.h). Linked, it costs every process its
 * relocations at start, whatever it reads; only a HEIC grid's 8-bit tiles use it directly
 * (heif_hevc_tile.c), and it is opened just before libheif, which depends on it (heif_reader.c). Every libde265
 * function that code calls is in CIO_DE265_FUNCTIONS and named as in libde265, so it reads as plain
 * libde265: each name below stands for its entry in the table cio_de265_library_open() fills. */
#ifndef CIMAGEIO_DE265_LIBRARY_H
#define CIMAGEIO_DE265_LIBRARY_H
#include "internal.h"
#include <libde265/de265.h>

#define CIO_DE265_FUNCTIONS(F)                                                                            \
    F(de265_decode) F(de265_flush_data) F(de265_free_decoder) F(de265_get_bits_per_pixel)                 \
    F(de265_get_chroma_format) F(de265_get_error_text) F(de265_get_image_full_range_flag)                 \
    F(de265_get_image_height) F(de265_get_image_matrix_coefficients) F(de265_get_image_plane)             \
    F(de265_get_image_plane_user_data) F(de265_get_image_width) F(de265_get_next_picture)                 \
    F(de265_get_warning) F(de265_new_decoder) F(de265_push_NAL) F(de265_release_next_picture)             \
    F(de265_set_image_allocation_functions) F(de265_set_image_plane) F(de265_set_parameter_bool)

#define CIO_DE265_ENTRY(name) __typeof__(name) *name;
typedef struct {
    CIO_DE265_FUNCTIONS(CIO_DE265_ENTRY)
} cio_de265_library;
#undef CIO_DE265_ENTRY

/* Opens libde265 once per process: $ASPECTFIT_LIBDE265 when set (a path or a soname), else libde265.so.0.
 * CIO_OK when every function was found; otherwise CIO_UNSUPPORTED with a message naming the library
 * and dlerror()'s words. */
cio_status cio_de265_library_open(cio_message *message);

/* The table; filled only after cio_de265_library_open returned CIO_OK. */
extern cio_de265_library cio_de265_functions;

#ifndef CIO_DE265_LIBRARY_ITSELF   /* de265_library.c fills the table under libde265's own names */
#define de265_decode (cio_de265_functions.de265_decode)
#define de265_flush_data (cio_de265_functions.de265_flush_data)
#define de265_free_decoder (cio_de265_functions.de265_free_decoder)
#define de265_get_bits_per_pixel (cio_de265_functions.de265_get_bits_per_pixel)
#define de265_get_chroma_format (cio_de265_functions.de265_get_chroma_format)
#define de265_get_error_text (cio_de265_functions.de265_get_error_text)
#define de265_get_image_full_range_flag (cio_de265_functions.de265_get_image_full_range_flag)
#define de265_get_image_height (cio_de265_functions.de265_get_image_height)
#define de265_get_image_matrix_coefficients (cio_de265_functions.de265_get_image_matrix_coefficients)
#define de265_get_image_plane (cio_de265_functions.de265_get_image_plane)
#define de265_get_image_plane_user_data (cio_de265_functions.de265_get_image_plane_user_data)
#define de265_get_image_width (cio_de265_functions.de265_get_image_width)
#define de265_get_next_picture (cio_de265_functions.de265_get_next_picture)
#define de265_get_warning (cio_de265_functions.de265_get_warning)
#define de265_new_decoder (cio_de265_functions.de265_new_decoder)
#define de265_push_NAL (cio_de265_functions.de265_push_NAL)
#define de265_release_next_picture (cio_de265_functions.de265_release_next_picture)
#define de265_set_image_allocation_functions (cio_de265_functions.de265_set_image_allocation_functions)
#define de265_set_image_plane (cio_de265_functions.de265_set_image_plane)
#define de265_set_parameter_bool (cio_de265_functions.de265_set_parameter_bool)
#endif
#endif
