/* A libjpeg destination that writes into a growable memory buffer. */
#ifndef CIMAGEIO_JPEG_DESTINATION_H
#define CIMAGEIO_JPEG_DESTINATION_H

#include "jpeg/jpeg_error.h"

typedef struct {
    struct jpeg_destination_mgr pub;
    cio_byte_buffer buffer;       /* malloc'd; the caller takes or frees `bytes` */
} cio_jpeg_memory_destination;

/* Zeroes `dest` and makes it cinfo's destination; out of memory fails through cinfo's error manager. */
void cio_jpeg_memory_destination_attach(j_compress_ptr cinfo, cio_jpeg_memory_destination *dest);

#endif
