/* One-line status messages and the decoder's warning list. */
#include "internal.h"
#include <stdio.h>
#include <string.h>

void cio_set_message(cio_message *message, const char *format, ...) {
    if (message == NULL) return;
    va_list args;
    va_start(args, format);
    vsnprintf(message->text, sizeof message->text, format, args);
    va_end(args);
    for (char *c = message->text; *c != '\0'; c++) {
        if ((unsigned char)*c < 0x20 || *c == 0x7f) *c = ' ';
    }
}

void cio_warnings_add(cio_warnings *warnings, const char *text) {
    if (warnings == NULL) return;
    for (int i = 0; i < warnings->count; i++) {
        if (strcmp(warnings->items[i].text, text) == 0) return;
    }
    if (warnings->count >= CIO_MAX_WARNINGS) return;
    cio_set_message(&warnings->items[warnings->count], "%s", text);
    warnings->count++;
}

cio_status cio_check_pixel_limit(uint64_t width, uint64_t height, uint64_t max_pixels, cio_message *message) {
    if (width == 0 || height == 0) {
        cio_set_message(message, "image has no pixels (%llux%llu)", (unsigned long long)width,
                        (unsigned long long)height);
        return CIO_CORRUPT;
    }
    /* width and height are at most 2^32 each, so the product fits in 64 bits */
    uint64_t pixels = width * height;
    if (pixels > max_pixels) {
        cio_set_message(message, "image is %llux%llu (%llu pixels), over the limit of %llu pixels",
                        (unsigned long long)width, (unsigned long long)height,
                        (unsigned long long)pixels, (unsigned long long)max_pixels);
        return CIO_TOO_LARGE;
    }
    return CIO_OK;
}

void cio_warnings_remove_containing(cio_warnings *warnings, const char *text) {
    int kept = 0;
    for (int i = 0; i < warnings->count; i++) {
        if (strstr(warnings->items[i].text, text) == NULL) warnings->items[kept++] = warnings->items[i];
    }
    warnings->count = kept;
}
