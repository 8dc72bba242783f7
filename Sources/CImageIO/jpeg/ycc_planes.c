/* RGB to YCbCr with libjpeg's fixed-point coefficients (jccolor.c: 16 fraction bits, Cb and Cr
 * rounded down from +0.5 - 1 ulp), and 4:2:0 chroma as libjpeg-turbo's h2v2 downsampling (the mean
 * of 2x2 samples, rounded alternately down and up from column to column; past the right and bottom
 * edges the last column and row repeat). */
#include "jpeg/ycc_planes.h"

enum { SCALE_BITS = 16 };
#define ONE_HALF ((int32_t)1 << (SCALE_BITS - 1))
#define CBCR_OFFSET ((int32_t)128 << SCALE_BITS)

static inline uint8_t luma(int r, int g, int b) {
    return (uint8_t)((19595 * r + 38470 * g + 7471 * b + ONE_HALF) >> SCALE_BITS);
}
static inline uint8_t blue_difference(int r, int g, int b) {
    return (uint8_t)((-11059 * r - 21709 * g + 32768 * b + CBCR_OFFSET + ONE_HALF - 1) >> SCALE_BITS);
}
static inline uint8_t red_difference(int r, int g, int b) {
    return (uint8_t)((32768 * r - 27439 * g - 5329 * b + CBCR_OFFSET + ONE_HALF - 1) >> SCALE_BITS);
}

static void convert_row(const uint8_t *restrict rgb, uint32_t width, uint8_t *restrict y, uint8_t *restrict cb,
                        uint8_t *restrict cr) {
    for (uint32_t x = 0; x < width; x++) {
        const int r = rgb[3 * x], g = rgb[3 * x + 1], b = rgb[3 * x + 2];
        y[x] = luma(r, g, b);
        cb[x] = blue_difference(r, g, b);
        cr[x] = red_difference(r, g, b);
    }
}

static uint8_t *allocate(j_compress_ptr cinfo, size_t size) {
    return (*cinfo->mem->alloc_large)((j_common_ptr)cinfo, JPOOL_IMAGE, size > 0 ? size : 1);
}

int cio_ycc_planes_make(j_compress_ptr cinfo, const cio_image *image, int subsampled, cio_plane planes[3]) {
    const uint32_t width = image->width, height = image->height;
    if (image->layout == CIO_GRAY8) {
        planes[0] = (cio_plane){image->pixels, image->stride, width, height};
        return 1;
    }
    const uint32_t chroma_width = subsampled ? (width + 1) / 2 : width;
    const uint32_t chroma_height = subsampled ? (height + 1) / 2 : height;
    uint8_t *y_plane = allocate(cinfo, (size_t)width * height);
    uint8_t *cb_plane = allocate(cinfo, (size_t)chroma_width * chroma_height);
    uint8_t *cr_plane = allocate(cinfo, (size_t)chroma_width * chroma_height);
    /* Full-resolution chroma of two rows, when subsampled. */
    uint8_t *cb_rows = subsampled ? allocate(cinfo, 2 * (size_t)width) : NULL;
    uint8_t *cr_rows = subsampled ? allocate(cinfo, 2 * (size_t)width) : NULL;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *rgb = image->pixels + (size_t)y * image->stride;
        uint8_t *cb = subsampled ? cb_rows + (y & 1) * (size_t)width : cb_plane + (size_t)y * width;
        uint8_t *cr = subsampled ? cr_rows + (y & 1) * (size_t)width : cr_plane + (size_t)y * width;
        convert_row(rgb, width, y_plane + (size_t)y * width, cb, cr);
        if (!subsampled || ((y & 1) == 0 && y + 1 < height)) continue;
        /* Rows y - 1 and y (in slots 0 and 1), or an odd height's last row (slot 0) twice. */
        const size_t lower = (y & 1) ? (size_t)width : 0;
        const uint8_t *rows[2][2] = {{cb_rows, cb_rows + lower}, {cr_rows, cr_rows + lower}};
        uint8_t *outputs[2] = {cb_plane + (size_t)(y / 2) * chroma_width, cr_plane + (size_t)(y / 2) * chroma_width};
        for (int c = 0; c < 2; c++) {
            const uint8_t *upper = rows[c][0], *lower = rows[c][1];
            int bias = 1;
            for (uint32_t x = 0; x < chroma_width; x++) {
                const uint32_t left = 2 * x, right = 2 * x + 1 < width ? 2 * x + 1 : width - 1;
                outputs[c][x] = (uint8_t)((upper[left] + upper[right] + lower[left] + lower[right] + bias) >> 2);
                bias ^= 3;
            }
        }
    }
    planes[0] = (cio_plane){y_plane, width, width, height};
    planes[1] = (cio_plane){cb_plane, chroma_width, chroma_width, chroma_height};
    planes[2] = (cio_plane){cr_plane, chroma_width, chroma_width, chroma_height};
    return 3;
}
