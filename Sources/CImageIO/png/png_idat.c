/* A PNG's image data (the IDAT payload): every row filtered (PNG spec section 9) and the whole
 * image compressed as one zlib stream by libdeflate: at level 3 the whole encode takes half the time
 * of libpng with zlib's level 3, for smaller files (scripts/measure/measure-png.sh).
 * An encoder's filters read only unfiltered bytes, so unlike a decoder's each loop vectorizes. */
#include "internal.h"
#include "png/png_idat.h"
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum { FILTER_AVG = 3, FILTER_PAETH = 4 };

/* Each filter: the first `bpp` bytes (no left neighbour), then 16 bytes per step with SSE2 (every
 * x86-64 has it), then the scalar tail, which is also the whole loop elsewhere. */
static void filter_avg(const uint8_t *restrict row, const uint8_t *restrict above, size_t n, size_t bpp,
                       uint8_t *restrict out) {
    size_t i = 0;
    for (; i < bpp; i++) out[i] = (uint8_t)(row[i] - (above[i] >> 1));
#ifdef __SSE2__
    const __m128i one = _mm_set1_epi8(1);
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(row + i)), a = _mm_loadu_si128((const __m128i *)(row + i - bpp));
        __m128i b = _mm_loadu_si128((const __m128i *)(above + i));
        /* floor((a + b) / 2): pavgb rounds up, so take back the odd sums' 1 */
        __m128i mean = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
        _mm_storeu_si128((__m128i *)(out + i), _mm_sub_epi8(x, mean));
    }
#endif
    for (; i < n; i++) out[i] = (uint8_t)(row[i] - ((row[i - bpp] + above[i]) >> 1));
}

#ifdef __SSE2__
/* The Paeth predictor of 8 bytes widened to 16 bits. */
static inline __m128i paeth_predict16(__m128i a, __m128i b, __m128i c) {
    const __m128i zero = _mm_setzero_si128();
    __m128i bc = _mm_sub_epi16(b, c), ac = _mm_sub_epi16(a, c), abc = _mm_add_epi16(bc, ac);
    __m128i pa = _mm_max_epi16(bc, _mm_sub_epi16(zero, bc));
    __m128i pb = _mm_max_epi16(ac, _mm_sub_epi16(zero, ac));
    __m128i pc = _mm_max_epi16(abc, _mm_sub_epi16(zero, abc));
    __m128i take_a = _mm_andnot_si128(_mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc)), _mm_set1_epi16(-1));
    __m128i take_b = _mm_andnot_si128(_mm_cmpgt_epi16(pb, pc), _mm_set1_epi16(-1));
    __m128i b_or_c = _mm_or_si128(_mm_and_si128(take_b, b), _mm_andnot_si128(take_b, c));
    return _mm_or_si128(_mm_and_si128(take_a, a), _mm_andnot_si128(take_a, b_or_c));
}
#endif

/* The Paeth predictor with p = a + b - c written out: |p - a| = |b - c|, |p - b| = |a - c|. */
static void filter_paeth(const uint8_t *restrict row, const uint8_t *restrict above, size_t n, size_t bpp,
                         uint8_t *restrict out) {
    size_t i = 0;
    for (; i < bpp; i++) out[i] = (uint8_t)(row[i] - above[i]);   /* a = c = 0: predicts b */
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(row + i)), a = _mm_loadu_si128((const __m128i *)(row + i - bpp));
        __m128i b = _mm_loadu_si128((const __m128i *)(above + i)), c = _mm_loadu_si128((const __m128i *)(above + i - bpp));
        __m128i low = paeth_predict16(_mm_unpacklo_epi8(a, zero), _mm_unpacklo_epi8(b, zero), _mm_unpacklo_epi8(c, zero));
        __m128i high = paeth_predict16(_mm_unpackhi_epi8(a, zero), _mm_unpackhi_epi8(b, zero), _mm_unpackhi_epi8(c, zero));
        _mm_storeu_si128((__m128i *)(out + i), _mm_sub_epi8(x, _mm_packus_epi16(low, high)));
    }
#endif
    for (; i < n; i++) {
        int a = row[i - bpp], b = above[i], c = above[i - bpp];
        int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
        int predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
        out[i] = (uint8_t)(row[i] - predicted);
    }
}

/* The spec's heuristic: the filtered bytes as signed values, the smaller sum of magnitudes wins. */
static uint64_t magnitude(const uint8_t *filtered, size_t n) {
    uint64_t sum = 0;
    size_t i = 0;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128();
    __m128i sums = zero;
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(filtered + i));
        sums = _mm_add_epi64(sums, _mm_sad_epu8(_mm_min_epu8(v, _mm_sub_epi8(zero, v)), zero));   /* min(v, 256 - v) */
    }
    sum = (uint64_t)_mm_cvtsi128_si64(sums) + (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums));
#endif
    for (; i < n; i++) sum += filtered[i] < 128 ? filtered[i] : 256 - filtered[i];
    return sum;
}

/* One row as its filter-type byte and filtered bytes: AVG or PAETH, whichever is smaller (all five filters make files only 0.15% smaller on photos and cards). */
static inline __attribute__((always_inline)) void filter_row(const uint8_t *row, const uint8_t *above, size_t n, size_t bpp,
                              uint8_t *candidate, uint8_t *out) {
    filter_avg(row, above, n, bpp, out + 1);
    filter_paeth(row, above, n, bpp, candidate);
    out[0] = FILTER_AVG;
    if (magnitude(candidate, n) < magnitude(out + 1, n)) {
        out[0] = FILTER_PAETH;
        memcpy(out + 1, candidate, n);
    }
}

/* Every row of an 8-bit image, filtered in place of the pixels themselves. */
static void filter_rows(const cio_image *image, const uint8_t *zeros, uint8_t *candidate, uint8_t *out) {
    size_t bpp = (size_t)image->layout, n = (size_t)image->width * bpp;   /* a layout's value is its channel count */
    for (uint32_t y = 0; y < image->height; y++, out += n + 1) {
        const uint8_t *row = image->pixels + (size_t)y * image->stride;
        filter_row(row, y > 0 ? row - image->stride : zeros, n, bpp, candidate, out);
    }
}

/* Every row of a 16-bit image: its native-endian samples turned big-endian, as PNG stores them,
 * into one of the two rows of `swapped` (this one and the one above), then filtered. */
static void filter_rows16(const cio_image *image, const uint8_t *zeros, uint8_t *candidate, uint8_t *swapped,
                          uint8_t *out) {
    size_t bpp = (size_t)image->layout * 2, n = (size_t)image->width * bpp;
    const uint8_t *above = zeros;
    for (uint32_t y = 0; y < image->height; y++, out += n + 1) {
        const uint8_t *pixels = image->pixels + (size_t)y * image->stride;
        uint8_t *row = swapped + (y % 2) * n;
        for (size_t i = 0; i < n; i += 2) {
            uint16_t v;
            memcpy(&v, pixels + i, 2);
            row[i] = (uint8_t)(v >> 8);
            row[i + 1] = (uint8_t)v;
        }
        filter_row(row, above, n, bpp, candidate, out);
        above = row;
    }
}

/* `filtered_size` bytes of filtered rows as one zlib stream at `level`, into `idat` (malloc'd). */
static cio_status compress(const uint8_t *filtered, size_t filtered_size, struct libdeflate_compressor *compressor,
                           uint8_t **idat, size_t *idat_size, cio_message *message) {
    uint8_t *compressed = NULL;
    size_t size = 0;
    if (filtered != NULL && compressor != NULL) {
        const size_t bound = libdeflate_zlib_compress_bound(compressor, filtered_size);
        compressed = malloc(bound);
        if (compressed != NULL) size = libdeflate_zlib_compress(compressor, filtered, filtered_size, compressed, bound);
    }
    if (size == 0) {   /* the bound always fits, so only an allocation can fail */
        free(compressed);
        cio_set_message(message, "out of memory encoding PNG");
        return CIO_OUT_OF_MEMORY;
    }
    *idat = compressed;
    *idat_size = size;
    return CIO_OK;
}

cio_status cio_png_idat(const cio_image *image, const cio_png_options *options, uint8_t **idat, size_t *idat_size,
                        cio_message *message) {
    *idat = NULL;
    *idat_size = 0;
    size_t n = (size_t)image->width * (size_t)image->layout * (image->sixteen_bit ? 2 : 1);
    if (image->height > 0 && n + 1 > SIZE_MAX / image->height) {
        cio_set_message(message, "image too large for PNG");
        return CIO_INVALID_ARGUMENT;
    }
    size_t filtered_size = (n + 1) * image->height;
    uint8_t *filtered = malloc(filtered_size), *zeros = calloc(n + 1, 1), *candidate = malloc(n + 1);
    uint8_t *swapped = image->sixteen_bit ? malloc(2 * n) : NULL;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(options->compression_level);
    int ready = filtered != NULL && zeros != NULL && candidate != NULL && (swapped != NULL || !image->sixteen_bit);
    if (ready && image->sixteen_bit) filter_rows16(image, zeros, candidate, swapped, filtered);
    else if (ready) filter_rows(image, zeros, candidate, filtered);
    cio_status status = compress(ready ? filtered : NULL, filtered_size, compressor, idat, idat_size, message);
    libdeflate_free_compressor(compressor);
    free(filtered);
    free(zeros);
    free(candidate);
    free(swapped);
    return status;
}

cio_status cio_png_idat_indexed(const uint8_t *indices, uint32_t width, uint32_t height, int bit_depth, int level,
                                uint8_t **idat, size_t *idat_size, cio_message *message) {
    *idat = NULL;
    *idat_size = 0;
    const size_t n = ((size_t)width * (size_t)bit_depth + 7) / 8;
    if (height > 0 && n + 1 > SIZE_MAX / height) {
        cio_set_message(message, "image too large for PNG");
        return CIO_INVALID_ARGUMENT;
    }
    const size_t filtered_size = (n + 1) * height;
    uint8_t *filtered = calloc(filtered_size, 1);   /* every filter-type byte 0: None */
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (filtered != NULL) {
        const int per_byte = 8 / bit_depth;
        for (uint32_t y = 0; y < height; y++) {
            const uint8_t *row = indices + (size_t)y * width;
            uint8_t *out = filtered + (size_t)y * (n + 1) + 1;
            if (bit_depth == 8) {
                memcpy(out, row, width);
                continue;
            }
            for (uint32_t x = 0; x < width; x++)   /* the leftmost pixel in the high bits */
                out[x / per_byte] |= (uint8_t)(row[x] << (8 - bit_depth * (int)(x % per_byte + 1)));
        }
    }
    cio_status status = compress(filtered, filtered_size, compressor, idat, idat_size, message);
    libdeflate_free_compressor(compressor);
    free(filtered);
    return status;
}
