#include "codec_library.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static const char *chosen_name(const cio_codec_library *library) {
    const char *chosen = getenv(library->variable);
    return chosen != NULL && chosen[0] != 0 ? chosen : library->soname;
}

void cio_codec_library_load(cio_codec_library *library) {
    void *handle = dlopen(chosen_name(library), RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(library->failure, sizeof library->failure, "%s", dlerror());
        return;
    }
    for (size_t i = 0; i < library->count; i++) {
        *library->slots[i] = dlsym(handle, library->names[i]);
        if (*library->slots[i] == NULL) {
            snprintf(library->failure, sizeof library->failure, "%s has no %s", chosen_name(library), library->names[i]);
            return;
        }
    }
}

cio_status cio_codec_library_status(const cio_codec_library *library, cio_message *message) {
    if (library->failure[0] == 0) return CIO_OK;
    cio_set_message(message, "%s needs %s (%s), which could not be opened: %s", library->format, library->library,
                    chosen_name(library), library->failure);
    return CIO_UNSUPPORTED;
}
