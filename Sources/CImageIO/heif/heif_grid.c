/* A grid derived image ('grid' item): its descriptor (ISO/IEC 23008-12 6.6.2.3), its 'dimg' tiles. */
#include "heif/heif_grid.h"
#include <stdlib.h>
#include <string.h>

enum { MAX_TILE_PROPERTIES = 32 };

/* The tile's ispe; 0 when it has none, or a transform of its own (irot, imir, clap). */
static int plain_tile_size(const cio_heif_items *items, uint32_t id, uint32_t *width, uint32_t *height) {
    cio_heif_property properties[MAX_TILE_PROPERTIES];
    const size_t count = cio_heif_item_properties(items, id, properties, MAX_TILE_PROPERTIES);
    int found = 0;
    for (size_t i = 0; i < count; i++) {
        const cio_heif_property *p = &properties[i];
        if (memcmp(p->type, "irot", 4) == 0 || memcmp(p->type, "imir", 4) == 0 || memcmp(p->type, "clap", 4) == 0) {
            return 0;
        }
        if (memcmp(p->type, "ispe", 4) == 0 && p->payload.size >= 12 && !found) {
            *width = cio_bmff_number(p->payload.data + 4, 4);
            *height = cio_bmff_number(p->payload.data + 8, 4);
            found = 1;
        }
    }
    return found;
}

/* rows, columns and output size from the grid item's data; 0 when it is unreadable. */
static int read_descriptor(const cio_heif_items *items, cio_heif_grid *grid) {
    uint8_t descriptor[12];
    size_t length = 0;
    if (!cio_heif_item_data(items, items->primary, descriptor, sizeof descriptor, &length) || length < 8) return 0;
    const int wide = descriptor[1] & 1;
    if (wide && length < 12) return 0;
    grid->rows = (uint32_t)descriptor[2] + 1;
    grid->columns = (uint32_t)descriptor[3] + 1;
    grid->width = cio_bmff_number(descriptor + 4, wide ? 4 : 2);
    grid->height = cio_bmff_number(descriptor + (wide ? 8 : 6), wide ? 4 : 2);
    return grid->width > 0 && grid->height > 0;
}

/* Whether `count` tiles of `tile` pixels cover `size` with only the last one cut. */
static int covers(uint32_t count, uint32_t tile, uint32_t size) {
    return (uint64_t)count * tile >= size && (uint64_t)(count - 1) * tile < size;
}

cio_status cio_heif_grid_read(const cio_heif_items *items, cio_heif_grid *grid, int *usable, cio_message *message) {
    memset(grid, 0, sizeof *grid);
    *usable = 0;
    char type[4];
    if (!cio_heif_item_type(items, items->primary, type, NULL) || memcmp(type, "grid", 4) != 0) return CIO_OK;
    if (!read_descriptor(items, grid)) return CIO_OK;
    const size_t count = (size_t)grid->rows * grid->columns;
    grid->tiles = malloc(count * sizeof *grid->tiles);
    grid->hidden_flags = malloc(count * sizeof *grid->hidden_flags);
    if (grid->tiles == NULL || grid->hidden_flags == NULL) {
        cio_heif_grid_release(grid);
        cio_set_message(message, "out of memory");
        return CIO_OUT_OF_MEMORY;
    }
    if (cio_heif_item_references(items, items->primary, "dimg", grid->tiles, count) != count) {
        cio_heif_grid_release(grid);
        return CIO_OK;
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t width = 0, height = 0;
        if (!cio_heif_item_type(items, grid->tiles[i], type, &grid->hidden_flags[i]) || memcmp(type, "hvc1", 4) != 0 ||
            !plain_tile_size(items, grid->tiles[i], &width, &height) || width == 0 || height == 0 ||
            (i > 0 && (width != grid->tile_width || height != grid->tile_height))) {
            cio_heif_grid_release(grid);
            return CIO_OK;
        }
        grid->tile_width = width;
        grid->tile_height = height;
    }
    if (!covers(grid->columns, grid->tile_width, grid->width) || !covers(grid->rows, grid->tile_height, grid->height)) {
        cio_set_message(message, "corrupt HEIF: a grid of %ux%u tiles of %ux%u does not make its %ux%u image",
                        grid->columns, grid->rows, grid->tile_width, grid->tile_height, grid->width, grid->height);
        cio_heif_grid_release(grid);
        return CIO_CORRUPT;
    }
    *usable = 1;
    return CIO_OK;
}

void cio_heif_grid_release(cio_heif_grid *grid) {
    free(grid->tiles);
    free(grid->hidden_flags);
    grid->tiles = NULL;
    grid->hidden_flags = NULL;
}
