/* The clean-aperture crop, rotation and mirror that make a decoded AVIF upright. */
#include "avif/avif_transform.h"
#include <string.h>

cio_status cio_avif_make_upright(cio_whole_image *image, const cio_avif_geometry *g, cio_message *message) {
    const size_t channels = (size_t)image->layout;
    if (g->crop_x == 0 && g->crop_y == 0 && g->crop_width == image->width && g->crop_height == image->height &&
        g->angle == 0 && g->mirror < 0) {
        return CIO_OK;
    }
    cio_whole_image upright = {0};
    cio_status status = cio_whole_image_allocate(&upright, g->width, g->height, image->layout, message);
    if (status != CIO_OK) return status;
    const size_t source_row = (size_t)image->width * channels;
    const uint32_t cw = g->crop_width, ch = g->crop_height;
    for (uint32_t dy = 0; dy < g->height; dy++) {
        uint8_t *out = upright.pixels + (size_t)dy * g->width * channels;
        for (uint32_t dx = 0; dx < g->width; dx++) {
            /* undo the mirror, then the anti-clockwise turn, to find the pixel of the cropped image */
            uint32_t mx = dx, my = dy;
            if (g->mirror == 0) my = g->height - 1 - dy;
            if (g->mirror == 1) mx = g->width - 1 - dx;
            uint32_t sx, sy;
            switch (g->angle) {
            case 1: sx = cw - 1 - my; sy = mx; break;
            case 2: sx = cw - 1 - mx; sy = ch - 1 - my; break;
            case 3: sx = my; sy = ch - 1 - mx; break;
            default: sx = mx; sy = my; break;
            }
            const uint8_t *in = image->pixels + (size_t)(g->crop_y + sy) * source_row + (size_t)(g->crop_x + sx) * channels;
            memcpy(out + (size_t)dx * channels, in, channels);
        }
    }
    cio_whole_image_release(image);
    *image = upright;
    return CIO_OK;
}
