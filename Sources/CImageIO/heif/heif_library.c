#define CIO_HEIF_LIBRARY_ITSELF
#include "heif/heif_library.h"
#include "codec_library.h"
#include <pthread.h>

cio_heif_library cio_heif_functions;

#define CIO_HEIF_NAME(name) #name,
static const char *const names[] = {CIO_HEIF_FUNCTIONS(CIO_HEIF_NAME)};
#define CIO_HEIF_SLOT(name) (void **)&cio_heif_functions.name,
static void **const slots[] = {CIO_HEIF_FUNCTIONS(CIO_HEIF_SLOT)};

static cio_codec_library libheif = {"HEIF", "libheif", "ASPECTFIT_LIBHEIF", "libheif.so.1", names, slots,
                                    sizeof names / sizeof names[0], {0}};
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) { cio_codec_library_load(&libheif); }

cio_status cio_heif_library_open(cio_message *message) {
    pthread_once(&once, load);
    return cio_codec_library_status(&libheif, message);
}
