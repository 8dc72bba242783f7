/* ICC conversion of decoded rows with LittleCMS 2.
 *
 * Intent: perceptual when the source profile has the table for it (A2B0), relative colorimetric
 * otherwise; black-point compensation on (as vips and Photoshop do). 8-bit in and out: the decoders
 * deliver 8-bit samples and LittleCMS evaluates at 16-bit or float internally, rounding once.
 *
 * Building a transform costs from a few microseconds (matrix-shaper) to tens of milliseconds (a
 * CMYK LUT profile), so transforms are cached process-wide, keyed by the profile's bytes and the
 * pixel kind, and shared between threads (cmsDoTransform keeps no per-call state in the transform).
 * The cache holds CACHE_CAPACITY entries; an entry in use is never evicted. */
#include "colour/colour_transform.h"
#include "colour/srgb_shaper.h"
#include "cimageio_colour.h"
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The CMYK profile for CMYK JPEGs that carry none: Artifex's SWOP profile from Debian's
 * libgs-common (AGPL-3+, shipped with Ghostscript). */
#define DEFAULT_CMYK_PROFILE "/usr/share/color/icc/ghostscript/default_cmyk.icc"

enum { CACHE_CAPACITY = 16, MAX_PROFILE_BYTES = 16 << 20 };

/* What the transform reads; part of the cache key. */
typedef enum { KIND_CMYK, KIND_CMYK_INVERTED, KIND_GRAY, KIND_GRAY_ALPHA, KIND_RGB, KIND_RGBA } pixel_kind;

struct cio_colour_transform {
    cmsHTRANSFORM transform;      /* NULL with no shaper: leave the pixels as they are */
    cio_srgb_shaper *shaper;      /* to sRGB: the fast path, when it applies (RGB: then no transform) */
    char warning[CIO_MESSAGE_CAPACITY];   /* empty, or why the profile was not used */
    pixel_kind kind;
    uint64_t hash;
    uint8_t *profile;
    size_t profile_size;
    int references;
    uint64_t last_use;
    int cached;
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static cio_colour_transform *cache[CACHE_CAPACITY];
static uint64_t cache_clock;

static uint64_t fnv1a(const uint8_t *bytes, size_t size) {
    uint64_t hash = 0xcbf29ce484222325u;
    for (size_t i = 0; i < size; i++) hash = (hash ^ bytes[i]) * 0x100000001b3u;
    return hash;
}

/* Whether `curve` is the sRGB curve within a quarter of an 8-bit step. */
static int is_srgb_curve(const cmsToneCurve *curve, const cmsToneCurve *srgb) {
    if (curve == NULL) return 0;
    for (int i = 0; i <= 64; i++) {
        float x = (float)i / 64;
        if (fabsf(cmsEvalToneCurveFloat(curve, x) - cmsEvalToneCurveFloat(srgb, x)) > 0.25f / 255) return 0;
    }
    return 1;
}

static int same_xyz(const cmsCIEXYZ *a, const cmsCIEXYZ *b) {
    return a != NULL && b != NULL && fabs(a->X - b->X) < 0.002 && fabs(a->Y - b->Y) < 0.002 &&
           fabs(a->Z - b->Z) < 0.002;
}

/* A profile already describing sRGB (or grey with the sRGB curve): by its well-known description,
 * or by its colourants and curves. */
static int describes_srgb(cmsHPROFILE profile, int gray) {
    char description[128] = "";
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, sizeof description);
    if (!gray && strncmp(description, "sRGB IEC61966-2", 15) == 0) return 1;
    cmsToneCurve *srgb = cio_srgb_tone_curve();
    int same = srgb != NULL;
    if (gray) {
        same = same && is_srgb_curve(cmsReadTag(profile, cmsSigGrayTRCTag), srgb);
    } else {
        cmsHPROFILE reference = cmsCreate_sRGBProfile();
        const cmsTagSignature colourants[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
        const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
        same = same && reference != NULL && cmsIsMatrixShaper(profile) && !cmsIsTag(profile, cmsSigAToB0Tag);
        for (int i = 0; i < 3 && same; i++) {
            same = same_xyz(cmsReadTag(profile, colourants[i]), cmsReadTag(reference, colourants[i])) &&
                   is_srgb_curve(cmsReadTag(profile, curves[i]), srgb);
        }
        if (reference != NULL) cmsCloseProfile(reference);
    }
    if (srgb != NULL) cmsFreeToneCurve(srgb);
    return same;
}

static const char *kind_space_name(pixel_kind kind) {
    return kind <= KIND_CMYK_INVERTED ? "CMYK" : kind <= KIND_GRAY_ALPHA ? "GRAY" : "RGB";
}

static const cmsColorSpaceSignature spaces[] = {cmsSigCmykData, cmsSigCmykData, cmsSigGrayData,
                                                cmsSigGrayData, cmsSigRgbData, cmsSigRgbData};
static const cmsUInt32Number formats[] = {TYPE_CMYK_8, TYPE_CMYK_8_REV, TYPE_GRAY_8,
                                          TYPE_GRAYA_8, TYPE_RGB_8, TYPE_RGBA_8};

/* LittleCMS's transform of `kind` pixels described by `source` to sRGB 8-bit, or NULL. */
static cmsHTRANSFORM lcms_transform(cmsHPROFILE source, pixel_kind kind) {
    cmsHPROFILE target = NULL;
    if (kind == KIND_GRAY || kind == KIND_GRAY_ALPHA) {
        cmsToneCurve *curve = cio_srgb_tone_curve();
        if (curve != NULL) target = cmsCreateGrayProfile(cmsD50_xyY(), curve);
        if (curve != NULL) cmsFreeToneCurve(curve);
    } else {
        target = cmsCreate_sRGBProfile();
    }
    if (target == NULL) return NULL;
    const cmsUInt32Number intent = cmsIsTag(source, cmsSigAToB0Tag) ? INTENT_PERCEPTUAL : INTENT_RELATIVE_COLORIMETRIC;
    const cmsUInt32Number out = kind <= KIND_CMYK_INVERTED ? TYPE_RGB_8 : formats[kind];
    cmsUInt32Number flags = cmsFLAGS_BLACKPOINTCOMPENSATION;
    if (kind == KIND_GRAY_ALPHA || kind == KIND_RGBA) flags |= cmsFLAGS_COPY_ALPHA;
    cmsHTRANSFORM transform = cmsCreateTransform(source, formats[kind], target, out, intent, flags);
    cmsCloseProfile(target);
    return transform;
}

/* Builds the entry for `kind` pixels described by `icc` (slow: outside the lock). */
static cio_colour_transform *build(const uint8_t *icc, size_t size, uint64_t hash, pixel_kind kind) {
    cio_colour_transform *entry = calloc(1, sizeof *entry);
    if (entry == NULL) return NULL;
    entry->profile = malloc(size);
    if (entry->profile == NULL) {
        free(entry);
        return NULL;
    }
    memcpy(entry->profile, icc, size);
    entry->profile_size = size;
    entry->hash = hash;
    entry->kind = kind;

    const int gray = kind == KIND_GRAY || kind == KIND_GRAY_ALPHA;
    cmsHPROFILE source = cmsOpenProfileFromMem(icc, (cmsUInt32Number)size);
    if (source == NULL) {
        snprintf(entry->warning, sizeof entry->warning, "ICC profile ignored: LittleCMS cannot read it");
        return entry;
    }
    if (cmsGetColorSpace(source) != spaces[kind]) {
        snprintf(entry->warning, sizeof entry->warning, "ICC profile ignored: it does not describe %s pixels",
                 kind_space_name(kind));
    } else if (kind >= KIND_GRAY && describes_srgb(source, gray)) {
        /* already sRGB: nothing to do */
    } else {
        const int channels = (int)(T_CHANNELS(formats[kind]) + T_EXTRA(formats[kind]));
        /* The RGB fast path needs no LittleCMS transform (and building one costs more than it does). */
        if (kind >= KIND_RGB) entry->shaper = cio_srgb_shaper_create_rgb(source, channels);
        if (entry->shaper == NULL) entry->transform = lcms_transform(source, kind);
        if (gray && entry->transform != NULL) entry->shaper = cio_srgb_shaper_create_gray(entry->transform, channels);
        if (entry->transform == NULL && entry->shaper == NULL) {
            snprintf(entry->warning, sizeof entry->warning, "ICC profile ignored: LittleCMS cannot convert from it");
        }
    }
    cmsCloseProfile(source);
    return entry;
}

static void destroy(cio_colour_transform *entry) {
    if (entry->transform != NULL) cmsDeleteTransform(entry->transform);
    cio_srgb_shaper_free(entry->shaper);
    free(entry->profile);
    free(entry);
}

static int matches(const cio_colour_transform *entry, const uint8_t *icc, size_t size, uint64_t hash,
                   pixel_kind kind) {
    return entry != NULL && entry->kind == kind && entry->hash == hash && entry->profile_size == size &&
           memcmp(entry->profile, icc, size) == 0;
}

/* Finds or builds the entry; one reference is the caller's. NULL only when out of memory. */
static cio_colour_transform *acquire(const uint8_t *icc, size_t size, pixel_kind kind) {
    const uint64_t hash = fnv1a(icc, size);
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < CACHE_CAPACITY; i++) {
        if (matches(cache[i], icc, size, hash, kind)) {
            cache[i]->references++;
            cache[i]->last_use = ++cache_clock;
            cio_colour_transform *found = cache[i];
            pthread_mutex_unlock(&cache_lock);
            return found;
        }
    }
    pthread_mutex_unlock(&cache_lock);

    cio_colour_transform *built = build(icc, size, hash, kind);
    if (built == NULL) return NULL;
    built->references = 1;
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < CACHE_CAPACITY; i++) {
        if (matches(cache[i], icc, size, hash, kind)) {   /* another thread built it meanwhile */
            cache[i]->references++;
            cache[i]->last_use = ++cache_clock;
            cio_colour_transform *found = cache[i];
            pthread_mutex_unlock(&cache_lock);
            destroy(built);
            return found;
        }
    }
    int slot = -1;   /* a free slot, else the least recently used entry nobody holds */
    for (int i = 0; i < CACHE_CAPACITY && (slot < 0 || cache[slot] != NULL); i++) {
        if (cache[i] == NULL || (cache[i]->references == 0 &&
                                 (slot < 0 || cache[i]->last_use < cache[slot]->last_use))) {
            slot = i;
        }
    }
    cio_colour_transform *evicted = NULL;
    if (slot >= 0) {
        evicted = cache[slot];
        cache[slot] = built;
        built->cached = 1;
        built->last_use = ++cache_clock;
    }
    pthread_mutex_unlock(&cache_lock);
    if (evicted != NULL) destroy(evicted);
    return built;
}

void cio_colour_transform_release(const cio_colour_transform *transform) {
    if (transform == NULL) return;
    cio_colour_transform *entry = (cio_colour_transform *)transform;
    pthread_mutex_lock(&cache_lock);
    const int unowned = --entry->references == 0 && !entry->cached;
    pthread_mutex_unlock(&cache_lock);
    if (unowned) destroy(entry);
}

/* The entry's transform for the caller (NULL when it does nothing), after passing on its warning. */
static const cio_colour_transform *usable(cio_colour_transform *entry, cio_warnings *warnings) {
    if (entry == NULL) return NULL;
    if (entry->warning[0] != '\0' && warnings != NULL) cio_warnings_add(warnings, entry->warning);
    if (entry->transform != NULL || entry->shaper != NULL) return entry;
    cio_colour_transform_release(entry);
    return NULL;
}

static uint8_t *default_cmyk_bytes;
static size_t default_cmyk_size;

static void load_default_cmyk(void) {
    FILE *file = fopen(DEFAULT_CMYK_PROFILE, "rb");
    if (file == NULL) return;
    uint8_t *bytes = NULL;
    long size = fseek(file, 0, SEEK_END) == 0 ? ftell(file) : -1;
    if (size > 0 && size <= MAX_PROFILE_BYTES && fseek(file, 0, SEEK_SET) == 0 &&
        (bytes = malloc((size_t)size)) != NULL && fread(bytes, 1, (size_t)size, file) == (size_t)size) {
        default_cmyk_bytes = bytes;
        default_cmyk_size = (size_t)size;
    } else {
        free(bytes);
    }
    fclose(file);
}

const cio_colour_transform *cio_colour_transform_cmyk(const uint8_t *icc, size_t icc_size, int inverted,
                                                      cio_warnings *warnings) {
    const pixel_kind kind = inverted ? KIND_CMYK_INVERTED : KIND_CMYK;
    if (icc != NULL && icc_size > 0) {
        cio_colour_transform *entry = acquire(icc, icc_size, kind);
        if (entry != NULL && entry->transform != NULL) return entry;
        if (entry != NULL) {
            if (warnings != NULL) cio_warnings_add(warnings, entry->warning);
            cio_colour_transform_release(entry);
        }
    }
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_default_cmyk);
    if (default_cmyk_bytes == NULL) {
        if (warnings != NULL) {
            cio_warnings_add(warnings, "CMYK converted with the naive formula: no usable profile (the default, "
                                       DEFAULT_CMYK_PROFILE ", is missing)");
        }
        return NULL;
    }
    return usable(acquire(default_cmyk_bytes, default_cmyk_size, kind), warnings);
}

const cio_colour_transform *cio_colour_transform_to_srgb(const uint8_t *icc, size_t icc_size, cio_layout layout,
                                                         cio_warnings *warnings) {
    if (icc == NULL || icc_size == 0) return NULL;
    pixel_kind kind = KIND_RGB;
    switch (layout) {
    case CIO_GRAY8: kind = KIND_GRAY; break;
    case CIO_GRAY_ALPHA8: kind = KIND_GRAY_ALPHA; break;
    case CIO_RGB8: kind = KIND_RGB; break;
    case CIO_RGBA8: kind = KIND_RGBA; break;
    }
    return usable(acquire(icc, icc_size, kind), warnings);
}

void cio_colour_transform_apply(const cio_colour_transform *transform, const uint8_t *input, uint8_t *output,
                                size_t pixels) {
    if (transform->shaper != NULL) {
        cio_srgb_shaper_apply(transform->shaper, input, output, pixels);
    } else {
        cmsDoTransform(transform->transform, input, output, (cmsUInt32Number)pixels);
    }
}

int cio_to_srgb_engine(const uint8_t *icc, size_t icc_size, cio_layout layout) {
    const cio_colour_transform *transform = cio_colour_transform_to_srgb(icc, icc_size, layout, NULL);
    const int engine = transform == NULL ? CIO_ENGINE_NONE : transform->shaper != NULL ? CIO_ENGINE_FAST : CIO_ENGINE_LCMS;
    cio_colour_transform_release(transform);
    return engine;
}

/* LittleCMS's conversion, whether or not the entry holds a transform. */
static int convert_with_lcms(const cio_colour_transform *entry, const uint8_t *input, uint8_t *output, size_t pixels) {
    cmsHTRANSFORM transform = entry->transform;
    if (transform == NULL) {
        cmsHPROFILE source = cmsOpenProfileFromMem(entry->profile, (cmsUInt32Number)entry->profile_size);
        if (source == NULL) return 0;
        transform = lcms_transform(source, entry->kind);
        cmsCloseProfile(source);
        if (transform == NULL) return 0;
    }
    cmsDoTransform(transform, input, output, (cmsUInt32Number)pixels);
    if (transform != entry->transform) cmsDeleteTransform(transform);
    return 1;
}

int cio_to_srgb_convert_with(const uint8_t *icc, size_t icc_size, cio_layout layout, int engine, const uint8_t *input,
                             uint8_t *output, size_t pixels) {
    const cio_colour_transform *transform = cio_colour_transform_to_srgb(icc, icc_size, layout, NULL);
    int done = transform != NULL && (engine == CIO_ENGINE_LCMS || transform->shaper != NULL);
    if (done && engine == CIO_ENGINE_LCMS) {
        done = convert_with_lcms(transform, input, output, pixels);
    } else if (done && engine == CIO_ENGINE_FAST) {
        cio_srgb_shaper_apply(transform->shaper, input, output, pixels);
    } else if (done && engine == CIO_ENGINE_FAST_SSE2) {
        cio_srgb_shaper_apply_sse2(transform->shaper, input, output, pixels);
    } else {
        done = 0;
    }
    cio_colour_transform_release(transform);
    return done;
}
