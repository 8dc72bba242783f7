/* The memory destination of both JPEG encoders. */
#include "jpeg/jpeg_destination.h"
#include <string.h>

static void init_destination(j_compress_ptr cinfo) {
    cio_jpeg_memory_destination *dest = (cio_jpeg_memory_destination *)cinfo->dest;
    if (!cio_byte_buffer_reserve(&dest->buffer, 65536)) cio_jpeg_fail((j_common_ptr)cinfo, CIO_OUT_OF_MEMORY, "out of memory");
    dest->pub.next_output_byte = dest->buffer.bytes;
    dest->pub.free_in_buffer = dest->buffer.capacity;
}

static boolean empty_output_buffer(j_compress_ptr cinfo) {
    cio_jpeg_memory_destination *dest = (cio_jpeg_memory_destination *)cinfo->dest;
    dest->buffer.size = dest->buffer.capacity;  /* libjpeg filled the whole buffer */
    if (!cio_byte_buffer_reserve(&dest->buffer, dest->buffer.capacity)) {
        cio_jpeg_fail((j_common_ptr)cinfo, CIO_OUT_OF_MEMORY, "out of memory");
    }
    dest->pub.next_output_byte = dest->buffer.bytes + dest->buffer.size;
    dest->pub.free_in_buffer = dest->buffer.capacity - dest->buffer.size;
    return TRUE;
}

static void term_destination(j_compress_ptr cinfo) {
    cio_jpeg_memory_destination *dest = (cio_jpeg_memory_destination *)cinfo->dest;
    dest->buffer.size = dest->buffer.capacity - dest->pub.free_in_buffer;
}

void cio_jpeg_memory_destination_attach(j_compress_ptr cinfo, cio_jpeg_memory_destination *dest) {
    memset(dest, 0, sizeof *dest);
    dest->pub.init_destination = init_destination;
    dest->pub.empty_output_buffer = empty_output_buffer;
    dest->pub.term_destination = term_destination;
    cinfo->dest = &dest->pub;
}
