/* The colour transform a CMYK/YCCK JPEG needs, from the ICC profile in its header. */
#include "colour/colour_transform.h"

const cio_colour_transform *cio_jpeg_cmyk_transform(const uint8_t *data, size_t size, int inverted,
                                                    cio_warnings *warnings) {
    cio_info info = {0};
    cio_message message;
    const uint8_t *icc = NULL;
    size_t icc_size = 0;
    if (cio_jpeg_probe(data, size, &info, &message) == CIO_OK) {
        icc = info.icc;
        icc_size = info.icc_size;
    }
    const cio_colour_transform *transform = cio_colour_transform_cmyk(icc, icc_size, inverted, warnings);
    cio_info_release(&info);
    return transform;
}
