#define CIO_HEIF_LIBRARY_ITSELF
#include "heif/heif_library.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const char DEFAULT_LIBRARY[] = "libheif.so.1";

cio_heif_library cio_heif_functions;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[256];   /* empty when the table is whole */

static const char *library_name(void) {
    const char *chosen = getenv("ASPECTFIT_LIBHEIF");
    return chosen != NULL && chosen[0] != 0 ? chosen : DEFAULT_LIBRARY;
}

static void open_library(void) {
    void *library = dlopen(library_name(), RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define CIO_HEIF_LOOKUP(name)                                                                             \
    if (failure[0] == 0) {                                                                                \
        *(void **)&cio_heif_functions.name = dlsym(library, #name);                                      \
        if (cio_heif_functions.name == NULL) snprintf(failure, sizeof failure, "%s has no %s", library_name(), #name); \
    }
    CIO_HEIF_FUNCTIONS(CIO_HEIF_LOOKUP)
#undef CIO_HEIF_LOOKUP
}

cio_status cio_heif_library_open(cio_message *message) {
    pthread_once(&once, open_library);
    if (failure[0] == 0) return CIO_OK;
    cio_set_message(message, "HEIF needs libheif (%s), which could not be opened: %s", library_name(), failure);
    return CIO_UNSUPPORTED;
}
