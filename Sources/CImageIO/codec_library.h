/* A codec library opened with dlopen by the first file that needs it, rather than linked: a linked
 * library's start-up work (its relocations, and its dependencies', and any load-time constructor) is
 * paid by every process, whatever it reads. Each library lists the functions the codec code calls in
 * an X-macro and calls them through a table of pointers under their own names (heif/heif_library.h,
 * avif/avif_library.h); this fills such a table. */
#ifndef CIMAGEIO_CODEC_LIBRARY_H
#define CIMAGEIO_CODEC_LIBRARY_H
#include "internal.h"

typedef struct {
    const char *format;            /* what needs it, "HEIF": the failure message's first word */
    const char *library;           /* what it is, "libheif" */
    const char *variable;          /* the environment variable naming another build (a path or a soname) */
    const char *soname;            /* opened when the variable is unset or empty */
    const char *const *names;      /* the functions looked up */
    void **const *slots;           /* where each one's address goes */
    size_t count;
    char failure[256];             /* empty once every function was found */
} cio_codec_library;

/* Opens the library and fills every slot, or records why not. Call it once per process (pthread_once). */
void cio_codec_library_load(cio_codec_library *library);

/* CIO_OK once every function was found; otherwise CIO_UNSUPPORTED with a message naming the library
 * and dlerror()'s words. */
cio_status cio_codec_library_status(const cio_codec_library *library, cio_message *message);
#endif
