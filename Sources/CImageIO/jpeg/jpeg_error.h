/* The libjpeg error manager: errors and damaging warnings longjmp back to the calling C function. */
#ifndef CIMAGEIO_JPEG_ERROR_H
#define CIMAGEIO_JPEG_ERROR_H

#include "internal.h"
#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;                 /* set by every C function before it calls libjpeg */
    cio_warnings *warnings;       /* NULL: warnings are ignored (probe, encode) */
    int fail_on_damage;           /* truncation/corrupt-entropy warnings become errors */
    int saw_end_of_file;
    cio_status status;
    cio_message message;
} cio_jpeg_error;

/* Initialises `error` and returns the pointer to store in cinfo->err. */
struct jpeg_error_mgr *cio_jpeg_error_init(cio_jpeg_error *error, cio_warnings *warnings, int fail_on_damage);

/* Records a failure and longjmps to the active setjmp; used from libjpeg callbacks. */
void cio_jpeg_fail(j_common_ptr cinfo, cio_status status, const char *text) __attribute__((noreturn));

#endif
