#define CIO_DE265_LIBRARY_ITSELF
#include "heif/de265_library.h"
#include "codec_library.h"
#include <pthread.h>

cio_de265_library cio_de265_functions;

#define CIO_DE265_NAME(name) #name,
static const char *const names[] = {CIO_DE265_FUNCTIONS(CIO_DE265_NAME)};
#define CIO_DE265_SLOT(name) (void **)&cio_de265_functions.name,
static void **const slots[] = {CIO_DE265_FUNCTIONS(CIO_DE265_SLOT)};

static cio_codec_library libde265 = {"HEIF", "libde265", "ASPECTFIT_LIBDE265", "libde265.so.0", names, slots,
                                     sizeof names / sizeof names[0], {0}};
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) { cio_codec_library_load(&libde265); }

cio_status cio_de265_library_open(cio_message *message) {
    pthread_once(&once, load);
    return cio_codec_library_status(&libde265, message);
}
