/* The coding order of blocks: MCU by MCU, and inside an MCU v_samp rows of h_samp blocks. */
#include "jpeg/coefficient_image.h"

size_t cio_coefficient_blocks(const cio_coefficient_image *image, int c) {
    const cio_coefficient_component *component = &image->components[c];
    return (size_t)component->width_in_blocks * component->height_in_blocks;
}

size_t cio_coefficient_coding_order(const cio_coefficient_image *image, int c, uint32_t step, JCOEF **order,
                                    uint32_t *positions) {
    const cio_coefficient_component *component = &image->components[c];
    const uint32_t h = image->count == 1 ? 1 : (uint32_t)component->h_samp;
    const uint32_t v = image->count == 1 ? 1 : (uint32_t)component->v_samp;
    size_t n = 0;
    for (uint32_t mcu_row = 0; mcu_row < image->mcu_rows; mcu_row += step) {
        for (uint32_t mcu_column = 0; mcu_column < image->mcu_columns; mcu_column++) {
            for (uint32_t y = mcu_row * v; y < (mcu_row + 1) * v && y < component->height_in_blocks; y++) {
                for (uint32_t x = mcu_column * h; x < (mcu_column + 1) * h && x < component->width_in_blocks; x++) {
                    order[n] = component->rows[y][x];
                    if (positions != NULL) positions[n] = y * component->width_in_blocks + x;
                    n++;
                }
            }
        }
    }
    return n;
}
