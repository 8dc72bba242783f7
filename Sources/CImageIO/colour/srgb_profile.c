/* The compact profiles that tag output converted to sRGB: LittleCMS's own sRGB and grey-with-the-sRGB-
 * curve profiles (ICC v4, 588 and 364 bytes), built once, with a fixed creation date so that output
 * bytes do not depend on the clock. */
#include "cimageio_colour.h"
#include "colour/colour_transform.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { DATE_OFFSET = 24, DATE_SIZE = 12 };

static uint8_t *profiles[2];
static size_t sizes[2];

static void save(cmsHPROFILE profile, int index) {
    cmsUInt32Number size = 0;
    if (profile == NULL) return;
    if (cmsSaveProfileToMem(profile, NULL, &size) && size > DATE_OFFSET + DATE_SIZE) {
        uint8_t *bytes = malloc(size);
        if (bytes != NULL && cmsSaveProfileToMem(profile, bytes, &size)) {
            /* 2026-01-01 00:00:00, big-endian 16-bit fields */
            static const uint8_t date[DATE_SIZE] = {0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
            memcpy(bytes + DATE_OFFSET, date, DATE_SIZE);
            profiles[index] = bytes;
            sizes[index] = size;
        } else {
            free(bytes);
        }
    }
    cmsCloseProfile(profile);
}

static void build_rgb(void) { save(cmsCreate_sRGBProfile(), 0); }

static void build_gray(void) {
    cmsToneCurve *curve = cio_srgb_tone_curve();
    if (curve == NULL) return;
    save(cmsCreateGrayProfile(cmsD50_xyY(), curve), 1);
    cmsFreeToneCurve(curve);
}

cmsToneCurve *cio_srgb_tone_curve(void) {
    const cmsFloat64Number parameters[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    return cmsBuildParametricToneCurve(NULL, 4, parameters);
}

const uint8_t *cio_srgb_profile(int gray, size_t *size) {
    static pthread_once_t once[2] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};
    pthread_once(&once[gray ? 1 : 0], gray ? build_gray : build_rgb);
    *size = sizes[gray ? 1 : 0];
    return profiles[gray ? 1 : 0];
}
