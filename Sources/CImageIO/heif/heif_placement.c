/* The upright placement of coded pixels: libheif 1.15's transforms (heif_context.cc, box.cc) as one map. */
#include "heif/heif_placement.h"
#include <string.h>

enum { MAX_PROPERTIES = 64, FRACTION_LIMIT = 0x10000 };

/* libheif's Fraction: int32 parts, halved together until both are within FRACTION_LIMIT. */
typedef struct {
    int32_t n, d;
} fraction;

static fraction make(int64_t n, int64_t d) {
    fraction f = {(int32_t)n, (int32_t)d};   /* wraps as libheif's int32 arithmetic does */
    while (f.d > FRACTION_LIMIT || f.d < -FRACTION_LIMIT) { f.n /= 2; f.d /= 2; }
    while (f.n > FRACTION_LIMIT || f.n < -FRACTION_LIMIT) { f.n /= 2; f.d /= 2; }
    return f;
}

static fraction add(fraction a, fraction b) {
    return a.d == b.d ? make((int64_t)a.n + b.n, a.d) : make((int64_t)a.n * b.d + (int64_t)b.n * a.d, (int64_t)a.d * b.d);
}
static fraction sub(fraction a, fraction b) {
    return a.d == b.d ? make((int64_t)a.n - b.n, a.d) : make((int64_t)a.n * b.d - (int64_t)b.n * a.d, (int64_t)a.d * b.d);
}
static fraction add_int(fraction a, int64_t v) { return make(a.n + v * a.d, a.d); }
static fraction half(fraction a) { return make(a.n, (int64_t)a.d * 2); }

/* 0 when the denominator has become 0 (libheif would divide by it). */
static int round_down(fraction f, int64_t *value) {
    if (f.d == 0) return 0;
    *value = f.n / f.d;
    return 1;
}
static int round_near(fraction f, int64_t *value) {
    if (f.d == 0) return 0;
    *value = ((int64_t)f.n + f.d / 2) / f.d;
    return 1;
}

/* (x, y) -> (m[0] x + m[1] y + t[0], m[2] x + m[3] y + t[1]) after the map so far. */
static void then(cio_heif_placement *p, const int m[4], int64_t tx, int64_t ty) {
    const cio_heif_placement o = *p;
    p->xx = m[0] * o.xx + m[1] * o.yx;
    p->xy = m[0] * o.xy + m[1] * o.yy;
    p->yx = m[2] * o.xx + m[3] * o.yx;
    p->yy = m[2] * o.xy + m[3] * o.yy;
    p->bx = m[0] * o.bx + m[1] * o.by + tx;
    p->by = m[2] * o.bx + m[3] * o.by + ty;
}

static void rotate(cio_heif_placement *p, int quarter_turns) {
    static const int turn90[4] = {0, 1, -1, 0}, turn180[4] = {-1, 0, 0, -1}, turn270[4] = {0, -1, 1, 0};
    const int64_t w = p->width, h = p->height;
    if (quarter_turns == 1) then(p, turn90, 0, w - 1);
    if (quarter_turns == 2) then(p, turn180, w - 1, h - 1);
    if (quarter_turns == 3) then(p, turn270, h - 1, 0);
    if (quarter_turns == 1 || quarter_turns == 3) {
        const uint32_t swap = p->width;
        p->width = p->height;
        p->height = swap;
    }
}

static void mirror(cio_heif_placement *p, int left_right) {
    static const int across[4] = {-1, 0, 0, 1}, down[4] = {1, 0, 0, -1};
    if (left_right) then(p, across, (int64_t)p->width - 1, 0);
    else then(p, down, 0, (int64_t)p->height - 1);
}

static cio_status crop(cio_heif_placement *p, cio_bmff_span clap, cio_message *message) {
    uint32_t v[8];
    for (int i = 0; i < 8; i++) v[i] = cio_bmff_number(clap.data + 4 * i, 4);
    for (int i = 0; i < 8; i++) {
        if ((i != 4 && i != 6 && v[i] > INT32_MAX) || ((i & 1) && v[i] == 0)) {
            cio_set_message(message, "corrupt HEIF: clean aperture (clap) with a zero or out-of-range number");
            return CIO_CORRUPT;
        }
    }
    const fraction width = make(v[0], v[1]), height = make(v[2], v[3]);
    const fraction horizontal = make((int32_t)v[4], (int32_t)v[5]), vertical = make((int32_t)v[6], (int32_t)v[7]);
    const int64_t w = p->width, h = p->height;
    int64_t left, right, top, bottom;
    int ok = round_down(sub(add(horizontal, make(w - 1, 2)), half(add_int(width, -1))), &left);
    ok = ok && round_near(add_int(add_int(width, -1), left), &right);
    ok = ok && round_near(sub(add(vertical, make(h - 1, 2)), half(add_int(height, -1))), &top);
    ok = ok && round_near(add_int(add_int(height, -1), top), &bottom);
    if (ok) {
        if (left < 0) left = 0;
        if (top < 0) top = 0;
        if (right >= w) right = w - 1;
        if (bottom >= h) bottom = h - 1;
    }
    if (!ok || left > right || top > bottom) {
        cio_set_message(message, "corrupt HEIF: clean aperture (clap) outside the %ux%u image", p->width, p->height);
        return CIO_CORRUPT;
    }
    static const int identity[4] = {1, 0, 0, 1};
    then(p, identity, -left, -top);
    p->width = (uint32_t)(right - left + 1);
    p->height = (uint32_t)(bottom - top + 1);
    return CIO_OK;
}

cio_status cio_heif_placement_of(const cio_heif_items *items, uint32_t item, uint32_t coded_width,
                                 uint32_t coded_height, cio_heif_placement *placement, cio_message *message) {
    *placement = (cio_heif_placement){1, 0, 0, 1, 0, 0, coded_width, coded_height};
    cio_heif_property properties[MAX_PROPERTIES];
    const size_t count = cio_heif_item_properties(items, item, properties, MAX_PROPERTIES);
    for (size_t i = 0; i < count; i++) {
        const cio_heif_property *p = &properties[i];
        if (memcmp(p->type, "irot", 4) == 0 && p->payload.size >= 1) rotate(placement, p->payload.data[0] & 3);
        if (memcmp(p->type, "imir", 4) == 0 && p->payload.size >= 1) mirror(placement, p->payload.data[0] & 1);
        if (memcmp(p->type, "clap", 4) == 0 && p->payload.size >= 32) {
            const cio_status status = crop(placement, p->payload, message);
            if (status != CIO_OK) return status;
        }
    }
    return CIO_OK;
}

cio_heif_rect cio_heif_placement_coded(const cio_heif_placement *p, cio_heif_rect upright) {
    /* the matrix is orthogonal: its inverse is its transpose */
    const int64_t ux[2] = {(int64_t)upright.x - p->bx, (int64_t)upright.x + upright.width - 1 - p->bx};
    const int64_t uy[2] = {(int64_t)upright.y - p->by, (int64_t)upright.y + upright.height - 1 - p->by};
    int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
    for (int i = 0; i < 2; i++) {
        const int64_t cx = p->xx * ux[i] + p->yx * uy[i], cy = p->xy * ux[i] + p->yy * uy[i];
        if (cx < x0) x0 = cx;
        if (cx > x1) x1 = cx;
        if (cy < y0) y0 = cy;
        if (cy > y1) y1 = cy;
    }
    return (cio_heif_rect){(uint32_t)x0, (uint32_t)y0, (uint32_t)(x1 - x0 + 1), (uint32_t)(y1 - y0 + 1)};
}
