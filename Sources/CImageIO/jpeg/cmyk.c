/* CMYK to RGB, bit-exact with Pillow's cmyk2rgb: R = (255-C)(255-K)/255 with its rounding. */
#include "jpeg/cmyk.h"

static inline uint8_t mul_div_255(int a, int b) {
    int t = a * b + 128;
    return (uint8_t)(((t >> 8) + t) >> 8);
}

void cio_cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, size_t count, int adobe_inverted) {
    const int flip = adobe_inverted ? 255 : 0;
    for (size_t i = 0; i < count; i++, cmyk += 4, rgb += 3) {
        int c = cmyk[0] ^ flip, m = cmyk[1] ^ flip, y = cmyk[2] ^ flip, k = cmyk[3] ^ flip;
        int nk = 255 - k;
        rgb[0] = (uint8_t)(nk - mul_div_255(c, nk));
        rgb[1] = (uint8_t)(nk - mul_div_255(m, nk));
        rgb[2] = (uint8_t)(nk - mul_div_255(y, nk));
    }
}
