// The C face detector: dlib's frontal face detector behind a C API. Every C++ exception is caught
// here and turned into -1 plus a message, so none crosses into Swift.
#include "cfacedetector.h"

// Debian's dlib/config.h asks for BLAS and LAPACK, and dlib/config.h has no include guard: it is read
// once here, through the two guarded headers that include it, and the two are undone before the rest
// of dlib. The model's filters are then split by dlib's own SVD (LAPACK's dgesvd costs half the
// model's reading, and LAPACK, BLAS and libgfortran their relocations in every process) into the
// same separable filters: the same boxes and scores on the smart-crop sets and 150 corpus photos.
#include <dlib/assert.h>
#include <dlib/test_for_odr_violations.h>
#undef DLIB_USE_BLAS
#undef DLIB_USE_LAPACK
#include <dlib/image_processing/frontal_face_detector.h>

#include "frontal_face_model.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

namespace {

void set_error(char *error, size_t size, const char *message) {
    if (error != nullptr && size > 0) std::snprintf(error, size, "%s", message);
}

// The model stored raw (frontal_face_model.h): dlib's get_frontal_face_detector() unpacks the same
// model from compressed text at ~30 times the cost. A detector keeps scratch state while it scans:
// one per thread, read on first use (may throw: the caller catches).
dlib::frontal_face_detector &thread_detector() {
    thread_local dlib::frontal_face_detector detector = [] {
        std::istringstream model(std::string(reinterpret_cast<const char *>(frontal_face_model), sizeof frontal_face_model));
        dlib::frontal_face_detector d;
        dlib::deserialize(d, model);
        return d;
    }();
    return detector;
}

}  // namespace

extern "C" int cfd_smallest_face(void) { return 80; }

extern "C" int cfd_detect_faces(const uint8_t *grey, int width, int height, int stride,
                                cfd_face *faces, int capacity, char *error, size_t error_size) {
    if (grey == nullptr || width <= 0 || height <= 0 || stride < width || capacity < 0 || (capacity > 0 && faces == nullptr)) {
        set_error(error, error_size, "invalid image or output for face detection");
        return -1;
    }
    try {
        dlib::array2d<unsigned char> image(height, width);
        for (int y = 0; y < height; ++y) {
            std::memcpy(&image[y][0], grey + static_cast<size_t>(y) * static_cast<size_t>(stride), static_cast<size_t>(width));
        }
        std::vector<dlib::rect_detection> found;
        thread_detector()(image, found);
        std::sort(found.begin(), found.end(), [](const dlib::rect_detection &a, const dlib::rect_detection &b) {
            return a.detection_confidence > b.detection_confidence;
        });
        const int count = static_cast<int>(found.size());
        for (int i = 0; i < std::min(count, capacity); ++i) {
            const dlib::rectangle &r = found[static_cast<size_t>(i)].rect;
            faces[i] = cfd_face{static_cast<float>(r.left()), static_cast<float>(r.top()),
                                static_cast<float>(r.width()), static_cast<float>(r.height()),
                                static_cast<float>(found[static_cast<size_t>(i)].detection_confidence)};
        }
        return count;
    } catch (const std::exception &e) {
        set_error(error, error_size, e.what());
        return -1;
    } catch (...) {
        set_error(error, error_size, "face detection failed");
        return -1;
    }
}
