// The C face detector: dlib's frontal face detector behind a C API. Every C++ exception is caught
// here and turned into -1 plus a message, so none crosses into Swift.
#include "cfacedetector.h"
#include "face_scan.h"
#include "frontal_face_model.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <vector>

const cfd::model_words &cfd::frontal_face_model() {
    static const model_words words{frontal_face_settings, sizeof frontal_face_settings, frontal_face_filters,
                                   sizeof frontal_face_filters / sizeof frontal_face_filters[0]};
    return words;
}

namespace {

void set_error(char *error, size_t size, const char *message) {
    if (error != nullptr && size > 0) std::snprintf(error, size, "%s", message);
}

// AVX2 where the CPU has it, unless ASPECTFIT_SIMD names a lower set ("sse2", "scalar"), as the
// resampler's kernels are chosen.
bool chooses_avx2() {
    static const bool chosen = [] {
        const char *named = std::getenv("ASPECTFIT_SIMD");
        const bool lower = named != nullptr && (std::strcmp(named, "sse2") == 0 || std::strcmp(named, "scalar") == 0);
        return !lower && cfd_cpu_has_avx2();
    }();
    return chosen;
}

}  // namespace

extern "C" int cfd_smallest_face(void) { return 80; }

extern "C" int cfd_cpu_has_avx2(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }

extern "C" int cfd_detect_faces(const uint8_t *grey, int width, int height, int stride, double adjust,
                                cfd_face *faces, int capacity, char *error, size_t error_size) {
    return cfd_detect_faces_using(CFD_LOOPS_CHOSEN, grey, width, height, stride, adjust, faces, capacity, error, error_size);
}

extern "C" int cfd_detect_faces_using(cfd_loops loops, const uint8_t *grey, int width, int height, int stride, double adjust,
                                      cfd_face *faces, int capacity, char *error, size_t error_size) {
    if (loops == CFD_LOOPS_AVX2 && !cfd_cpu_has_avx2()) {
        set_error(error, error_size, "this CPU has no AVX2");
        return -1;
    }
    if (grey == nullptr || width <= 0 || height <= 0 || stride < width || capacity < 0 || (capacity > 0 && faces == nullptr)) {
        set_error(error, error_size, "invalid image or output for face detection");
        return -1;
    }
    try {
        const bool avx2 = loops == CFD_LOOPS_AVX2 || (loops == CFD_LOOPS_CHOSEN && chooses_avx2());
        const std::vector<cfd_face> found = avx2 ? cfd::scan_avx2(grey, width, height, stride, adjust)
                                                 : cfd::scan(grey, width, height, stride, adjust);
        const int count = static_cast<int>(found.size());
        std::copy_n(found.begin(), std::min(count, capacity), faces);
        return count;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return -1;
    } catch (...) {
        set_error(error, error_size, "face detection failed");
        return -1;
    }
}
