/* Matrix-shaper RGB to sRGB as LittleCMS computes it (relative colorimetric; black-point compensation
 * is a no-op as both blacks are 0), in a handful of instructions per pixel instead of ~120:
 *
 *   linear_k = TRC_k(v_k / 255)                      per input channel, tabulated at 256 levels
 *   L = inverse(sRGB colourants) x source colourants x linear     (both PCS XYZ D50, from LittleCMS)
 *   out_c = round(255 * sRGB_encode(clip(L_c)))        tabulated at `scale` steps per unit
 *
 * The SSE2 loop keeps the matrix in the input tables: column[k][v] holds the three terms
 * M[c][k] * linear_k(v) in index units (16-bit lanes, summed modulo 2^16 into a non-negative index
 * into the output table, whose ends are the clipped values). The AVX2 loop computes the same in
 * float, eight pixels at a time, with gathers. Grey is one 256-entry table sampled from LittleCMS. */
#include "colour/srgb_shaper.h"
#include "colour/colour_transform.h"
#include <emmintrin.h>
#include <immintrin.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define HAVE_AVX2_LOOP 1
#endif

enum { MAX_SCALE = 1 << 14, MAX_TABLE = 1 << 16 };

struct cio_srgb_shaper {
    int gray;
    int avx2;                    /* the CPU runs the AVX2 loop */
    int stride;                  /* bytes per pixel */
    uint8_t gray_table[256];
    uint64_t column[3][256];     /* RGB: four 16-bit lanes (R, G, B, unused) per input level */
    float linear[3][256];        /* RGB, AVX2: linear_k(v) */
    float matrix[3][3];          /* RGB, AVX2: M[c][k] * scale */
    float offset;                /* index of linear 0 in `encode` */
    int32_t last;                /* the last index of `encode` */
    uint8_t *encode;             /* linear (index units) to 8-bit sRGB, clipped; 3 bytes of padding */
};

static int invert(const double m[3][3], double out[3][3]) {
    const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                       m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                       m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (!isfinite(det) || fabs(det) < 1e-9) return 0;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
            const int i1 = (j + 1) % 3, i2 = (j + 2) % 3, j1 = (i + 1) % 3, j2 = (i + 2) % 3;
            out[i][j] = (m[i1][j1] * m[i2][j2] - m[i1][j2] * m[i2][j1]) / det;
        }
    }
    return 1;
}

/* The profile's colourants as the columns of a matrix (RGB to PCS XYZ). */
static int colourants(cmsHPROFILE profile, double m[3][3]) {
    const cmsTagSignature tags[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    for (int k = 0; k < 3; k++) {
        const cmsCIEXYZ *xyz = cmsReadTag(profile, tags[k]);
        if (xyz == NULL) return 0;
        m[0][k] = xyz->X;
        m[1][k] = xyz->Y;
        m[2][k] = xyz->Z;
    }
    return 1;
}

/* Whether LittleCMS converts `source` with its curves and colourants only, with a black of 0. */
static int is_plain_matrix_shaper(cmsHPROFILE source) {
    const cmsTagSignature tables[] = {cmsSigAToB0Tag, cmsSigAToB1Tag, cmsSigAToB2Tag,
                                      cmsSigDToB0Tag, cmsSigDToB1Tag, cmsSigDToB2Tag};
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        if (cmsIsTag(source, tables[i])) return 0;
    }
    if (!cmsIsMatrixShaper(source) || cmsGetPCS(source) != cmsSigXYZData) return 0;
    cmsCIEXYZ black;
    return cmsDetectBlackPoint(&black, source, INTENT_RELATIVE_COLORIMETRIC, 0) && fabs(black.X) < 1e-6 &&
           fabs(black.Y) < 1e-6 && fabs(black.Z) < 1e-6;
}

static int build_rgb(cio_srgb_shaper *shaper, cmsHPROFILE source) {
    if (!is_plain_matrix_shaper(source)) return 0;
    double from[3][3], to[3][3], inverse[3][3], m[3][3];
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    const int ok = srgb != NULL && colourants(source, from) && colourants(srgb, to) && invert(to, inverse);
    if (srgb != NULL) cmsCloseProfile(srgb);
    if (!ok) return 0;
    for (int c = 0; c < 3; c++) {
        for (int k = 0; k < 3; k++) m[c][k] = inverse[c][0] * from[0][k] + inverse[c][1] * from[1][k] + inverse[c][2] * from[2][k];
    }

    const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    for (int k = 0; k < 3; k++) {
        const cmsToneCurve *curve = cmsReadTag(source, curves[k]);
        if (curve == NULL) return 0;
        for (int v = 0; v < 256; v++) {
            const float y = cmsEvalToneCurveFloat(curve, (float)v / 255);
            if (!isfinite(y) || y < -1 || y > 2) return 0;
            shaper->linear[k][v] = y;
        }
    }

    /* The range of each output channel before clipping, in units of 1: it sizes the output table. */
    double low = 0, high = 1;
    for (int c = 0; c < 3; c++) {
        double lo = 0, hi = 0;
        for (int k = 0; k < 3; k++) {
            double a = m[c][k] * shaper->linear[k][0], b = m[c][k] * shaper->linear[k][255];
            for (int v = 0; v < 256; v++) {
                a = fmin(a, m[c][k] * shaper->linear[k][v]);
                b = fmax(b, m[c][k] * shaper->linear[k][v]);
            }
            lo += a;
            hi += b;
        }
        low = fmin(low, lo);
        high = fmax(high, hi);
    }
    int scale = MAX_SCALE;
    while (scale > 256 && (high - low) * scale + 8 > MAX_TABLE) scale /= 2;
    if ((high - low) * scale + 8 > MAX_TABLE) return 0;
    const int offset = (int)ceil(-low * scale) + 2;
    shaper->last = (int32_t)ceil(high * scale) + offset + 2;
    shaper->offset = (float)offset;

    for (int k = 0; k < 3; k++) {
        for (int v = 0; v < 256; v++) {
            uint64_t lanes = 0;
            for (int c = 0; c < 3; c++) {
                const long term = lrint(m[c][k] * shaper->linear[k][v] * scale) + (k == 0 ? offset : 0);
                lanes |= (uint64_t)(uint16_t)term << (16 * c);
            }
            shaper->column[k][v] = lanes;
        }
    }
    for (int c = 0; c < 3; c++) {
        for (int k = 0; k < 3; k++) shaper->matrix[c][k] = (float)(m[c][k] * scale);
    }

    /* Output level k covers the linear values from decode((k - 0.5) / 255) up: 255 curve evaluations
     * give the rounded encoding of every index. */
    cmsToneCurve *curve = cio_srgb_tone_curve();
    shaper->encode = curve != NULL ? calloc((size_t)shaper->last + 4, 1) : NULL;
    if (shaper->encode != NULL) {
        int32_t i = 0;
        for (int k = 1; k <= 255; k++) {
            const double start = cmsEvalToneCurveFloat(curve, (float)((k - 0.5) / 255)) * scale + offset;
            for (; i <= shaper->last && i < start; i++) shaper->encode[i] = (uint8_t)(k - 1);
        }
        for (; i <= shaper->last; i++) shaper->encode[i] = 255;
    }
    if (curve != NULL) cmsFreeToneCurve(curve);
    return shaper->encode != NULL;
}

/* `transform` reads grey with alpha when `channels` is 2. */
static void build_gray(cio_srgb_shaper *shaper, cmsHTRANSFORM transform, int channels) {
    uint8_t levels[512], converted[512];
    for (int v = 0; v < 256; v++) {
        levels[v * channels] = (uint8_t)v;
        if (channels == 2) levels[v * 2 + 1] = 255;
    }
    cmsDoTransform(transform, levels, converted, 256);
    for (int v = 0; v < 256; v++) shaper->gray_table[v] = converted[v * channels];
}

cio_srgb_shaper *cio_srgb_shaper_create_rgb(cmsHPROFILE source, int channels_in_pixel) {
    cio_srgb_shaper *shaper = calloc(1, sizeof *shaper);
    if (shaper == NULL) return NULL;
    shaper->stride = channels_in_pixel;
    if (!build_rgb(shaper, source)) {
        cio_srgb_shaper_free(shaper);
        return NULL;
    }
#ifdef HAVE_AVX2_LOOP
    shaper->avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
    return shaper;
}

cio_srgb_shaper *cio_srgb_shaper_create_gray(cmsHTRANSFORM transform, int channels_in_pixel) {
    cio_srgb_shaper *shaper = calloc(1, sizeof *shaper);
    if (shaper == NULL) return NULL;
    shaper->gray = 1;
    shaper->stride = channels_in_pixel;
    build_gray(shaper, transform, channels_in_pixel);
    return shaper;
}

void cio_srgb_shaper_free(cio_srgb_shaper *shaper) {
    if (shaper == NULL) return;
    free(shaper->encode);
    free(shaper);
}

static void apply_gray(const cio_srgb_shaper *s, const uint8_t *input, uint8_t *output, size_t pixels) {
    if (s->stride == 1) {
        for (size_t i = 0; i < pixels; i++) output[i] = s->gray_table[input[i]];
    } else {
        for (size_t i = 0; i < pixels; i++) {
            output[2 * i] = s->gray_table[input[2 * i]];
            output[2 * i + 1] = input[2 * i + 1];
        }
    }
}

/* The 64 bits at `low` and at `high` in one register. */
static inline __m128i pair(const uint64_t *low, const uint64_t *high) {
    return _mm_castps_si128(_mm_loadh_pi(_mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)low)), (const __m64 *)high));
}

/* Two pixels per register (the first in the low half); `stride` is a constant in each caller. */
static inline __attribute__((always_inline)) void rgb_sse2(const cio_srgb_shaper *s, const uint8_t *input,
                                                          uint8_t *output, size_t pixels, const size_t stride) {
    const uint8_t *encode = s->encode;
    const uint64_t *red = s->column[0], *green = s->column[1], *blue = s->column[2];
    for (const uint8_t *end = input + (pixels & ~(size_t)1) * stride; input != end;
         input += 2 * stride, output += 2 * stride) {
        const uint8_t *p = input, *q = input + stride;
        const __m128i r = pair(&red[p[0]], &red[q[0]]);
        const __m128i g = pair(&green[p[1]], &green[q[1]]);
        const __m128i b = pair(&blue[p[2]], &blue[q[2]]);
        const __m128i index = _mm_add_epi16(_mm_add_epi16(r, g), b);
        if (stride == 4) {
            output[3] = p[3];
            output[7] = q[3];
        }
        output[0] = encode[_mm_extract_epi16(index, 0)];
        output[1] = encode[_mm_extract_epi16(index, 1)];
        output[2] = encode[_mm_extract_epi16(index, 2)];
        output[stride] = encode[_mm_extract_epi16(index, 4)];
        output[stride + 1] = encode[_mm_extract_epi16(index, 5)];
        output[stride + 2] = encode[_mm_extract_epi16(index, 6)];
    }
    if (pixels & 1) {
        const __m128i index = _mm_add_epi16(_mm_add_epi16(_mm_loadl_epi64((const __m128i *)&red[input[0]]),
                                                          _mm_loadl_epi64((const __m128i *)&green[input[1]])),
                                            _mm_loadl_epi64((const __m128i *)&blue[input[2]]));
        if (stride == 4) output[3] = input[3];
        output[0] = encode[_mm_extract_epi16(index, 0)];
        output[1] = encode[_mm_extract_epi16(index, 1)];
        output[2] = encode[_mm_extract_epi16(index, 2)];
    }
}

static void apply_rgb_sse2(const cio_srgb_shaper *s, const uint8_t *input, uint8_t *output, size_t pixels) {
    if (s->stride == 4) {
        rgb_sse2(s, input, output, pixels, 4);
    } else {
        rgb_sse2(s, input, output, pixels, 3);
    }
}

#ifdef HAVE_AVX2_LOOP
/* Eight pixels at a time while a ninth follows (the 4-byte gathers read one byte past a 3-byte
 * pixel); the rest through the SSE2 loop. */
__attribute__((target("avx2,fma"))) static void apply_rgb_avx2(const cio_srgb_shaper *s, const uint8_t *input,
                                                               uint8_t *output, size_t pixels) {
    const int stride = s->stride;
    const __m256i offsets = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(stride));
    const __m256i byte = _mm256_set1_epi32(0xff), zero = _mm256_setzero_si256(), last = _mm256_set1_epi32(s->last);
    const __m256 bias = _mm256_set1_ps(s->offset);
    __m256 m[3][3];
    for (int c = 0; c < 3; c++) {
        for (int k = 0; k < 3; k++) m[c][k] = _mm256_set1_ps(s->matrix[c][k]);
    }
    /* RGB: 4 pixels of 4 bytes to 12 bytes in each 128-bit lane, then the lanes' 12 bytes together. */
    const __m256i pack = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                          0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    const __m256i six = _mm256_setr_epi32(-1, -1, -1, -1, -1, -1, 0, 0);
    size_t i = 0;
    for (; i + 8 < pixels; i += 8) {
        const __m256i x = _mm256_i32gather_epi32((const int *)(input + i * stride), offsets, 1);
        const __m256 r = _mm256_i32gather_ps(s->linear[0], _mm256_and_si256(x, byte), 4);
        const __m256 g = _mm256_i32gather_ps(s->linear[1], _mm256_and_si256(_mm256_srli_epi32(x, 8), byte), 4);
        const __m256 b = _mm256_i32gather_ps(s->linear[2], _mm256_and_si256(_mm256_srli_epi32(x, 16), byte), 4);
        __m256i out[3];
        for (int c = 0; c < 3; c++) {
            const __m256 v = _mm256_fmadd_ps(m[c][2], b, _mm256_fmadd_ps(m[c][1], g, _mm256_fmadd_ps(m[c][0], r, bias)));
            const __m256i index = _mm256_min_epi32(_mm256_max_epi32(_mm256_cvtps_epi32(v), zero), last);
            out[c] = _mm256_and_si256(_mm256_i32gather_epi32((const int *)s->encode, index, 1), byte);
        }
        __m256i pixel = _mm256_or_si256(_mm256_or_si256(out[0], _mm256_slli_epi32(out[1], 8)), _mm256_slli_epi32(out[2], 16));
        if (stride == 4) {
            _mm256_storeu_si256((__m256i *)(output + i * 4),
                                _mm256_or_si256(pixel, _mm256_andnot_si256(_mm256_set1_epi32(0xffffff), x)));
        } else {
            pixel = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(pixel, pack), join);
            _mm256_maskstore_epi32((int *)(output + i * 3), six, pixel);
        }
    }
    apply_rgb_sse2(s, input + i * stride, output + i * stride, pixels - i);
}
#endif

void cio_srgb_shaper_apply_sse2(const cio_srgb_shaper *shaper, const uint8_t *input, uint8_t *output,
                                size_t pixels) {
    if (shaper->gray) {
        apply_gray(shaper, input, output, pixels);
    } else {
        apply_rgb_sse2(shaper, input, output, pixels);
    }
}

void cio_srgb_shaper_apply(const cio_srgb_shaper *shaper, const uint8_t *input, uint8_t *output, size_t pixels) {
#ifdef HAVE_AVX2_LOOP
    if (shaper->avx2) {
        apply_rgb_avx2(shaper, input, output, pixels);
        return;
    }
#endif
    cio_srgb_shaper_apply_sse2(shaper, input, output, pixels);
}
