#define CIO_AVIF_LIBRARY_ITSELF
#include "avif/avif_library.h"
#include "codec_library.h"
#include <pthread.h>

cio_avif_library cio_avif_functions;

#define CIO_AVIF_NAME(name) #name,
static const char *const names[] = {CIO_AVIF_FUNCTIONS(CIO_AVIF_NAME)};
#define CIO_AVIF_SLOT(name) (void **)&cio_avif_functions.name,
static void **const slots[] = {CIO_AVIF_FUNCTIONS(CIO_AVIF_SLOT)};

static cio_codec_library libavif = {"AVIF", "libavif", "ASPECTFIT_LIBAVIF", "libavif.so.15", names, slots,
                                    sizeof names / sizeof names[0], {0}};
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) { cio_codec_library_load(&libavif); }

cio_status cio_avif_library_open(cio_message *message) {
    pthread_once(&once, load);
    return cio_codec_library_status(&libavif, message);
}
