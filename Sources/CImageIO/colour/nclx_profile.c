/* nclx colour descriptions as LittleCMS matrix/shaper profiles (primaries + white point + one tone curve). */
#include "colour/nclx_profile.h"
#include "colour/colour_transform.h"
#include <stdlib.h>
#include <string.h>

/* H.273 colour primaries: red, green, blue and white as CIE xy. */
typedef struct { int code; double xy[8]; } primaries_entry;
static const primaries_entry primaries_table[] = {
    {1, {0.640, 0.330, 0.300, 0.600, 0.150, 0.060, 0.3127, 0.3290}},    /* BT.709 / sRGB */
    {4, {0.670, 0.330, 0.210, 0.710, 0.140, 0.080, 0.310, 0.316}},      /* BT.470 System M (illuminant C) */
    {5, {0.640, 0.330, 0.290, 0.600, 0.150, 0.060, 0.3127, 0.3290}},    /* BT.601 625 */
    {6, {0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290}},    /* BT.601 525 */
    {7, {0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290}},    /* SMPTE 240M */
    {8, {0.681, 0.319, 0.243, 0.692, 0.145, 0.049, 0.310, 0.316}},      /* generic film (illuminant C) */
    {9, {0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290}},    /* BT.2020 */
    {11, {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.314, 0.351}},     /* DCI-P3 */
    {12, {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290}},   /* Display P3 */
};

/* The tone curve (encoded value to linear light) of an H.273 transfer characteristic; NULL if none fits. */
static cmsToneCurve *transfer_curve(int transfer) {
    switch (transfer) {
    case 1: case 6: case 14: case 15: {   /* BT.709 / BT.601 / BT.2020 */
        const cmsFloat64Number p[5] = {1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081};
        return cmsBuildParametricToneCurve(NULL, 4, p);
    }
    case 4: return cmsBuildGamma(NULL, 2.2);
    case 5: return cmsBuildGamma(NULL, 2.8);
    case 8: return cmsBuildGamma(NULL, 1.0);
    case 13: return cio_srgb_tone_curve();
    default: return NULL;
    }
}

uint8_t *cio_nclx_profile(int primaries, int transfer, size_t *size) {
    *size = 0;
    if (primaries == 2) primaries = 1;                     /* unspecified: taken as BT.709 */
    if (transfer == 2) transfer = 13;                      /* unspecified: taken as sRGB */
    /* the BT.709 curve on BT.709 primaries is how sRGB video is labelled: no conversion wanted */
    const int srgb_curve = transfer == 13 || transfer == 1 || transfer == 6 || transfer == 14 || transfer == 15;
    if (primaries == 1 && srgb_curve) return NULL;
    const primaries_entry *entry = NULL;
    for (size_t i = 0; i < sizeof primaries_table / sizeof primaries_table[0]; i++) {
        if (primaries_table[i].code == primaries) entry = &primaries_table[i];
    }
    if (entry == NULL) return NULL;
    cmsToneCurve *curve = transfer_curve(transfer);
    if (curve == NULL) return NULL;
    const double *xy = entry->xy;
    const cmsCIExyY white = {xy[6], xy[7], 1.0};
    const cmsCIExyYTRIPLE rgb = {{xy[0], xy[1], 1.0}, {xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}};
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &rgb, curves);
    cmsFreeToneCurve(curve);
    if (profile == NULL) return NULL;
    uint8_t *bytes = NULL;
    cmsUInt32Number length = 0;
    if (cmsSaveProfileToMem(profile, NULL, &length) && length > 0 && (bytes = malloc(length)) != NULL &&
        !cmsSaveProfileToMem(profile, bytes, &length)) {
        free(bytes);
        bytes = NULL;
    }
    cmsCloseProfile(profile);
    if (bytes != NULL && length >= 36) {
        /* a fixed creation date (2026-01-01, as srgb_profile.c), so outputs do not depend on the clock */
        static const uint8_t date[12] = {0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
        memcpy(bytes + 24, date, sizeof date);
    }
    if (bytes != NULL) *size = length;
    return bytes;
}
