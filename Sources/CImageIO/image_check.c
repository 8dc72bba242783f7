/* Validation of an encoder's input image. */
#include "internal.h"

cio_status cio_check_image(const cio_image *image, int takes_16, cio_message *message) {
    if (image->pixels == NULL || image->width == 0 || image->height == 0) {
        cio_set_message(message, "image to encode is empty");
        return CIO_INVALID_ARGUMENT;
    }
    if (image->layout < CIO_GRAY8 || image->layout > CIO_RGBA8) {
        cio_set_message(message, "unknown pixel layout %d", (int)image->layout);
        return CIO_INVALID_ARGUMENT;
    }
    if (image->sixteen_bit && !takes_16) {
        cio_set_message(message, "this format is written with 8 bits per sample only");
        return CIO_INVALID_ARGUMENT;
    }
    if (image->stride < (size_t)image->width * (size_t)image->layout * (image->sixteen_bit ? 2 : 1)) {
        cio_set_message(message, "row stride %zu is shorter than a row of %u pixels", image->stride, image->width);
        return CIO_INVALID_ARGUMENT;
    }
    return CIO_OK;
}
