// The scan for any x86-64 (face_model.h).

// Debian's dlib/config.h asks for BLAS and LAPACK, and dlib/config.h has no include guard: it is read
// once here, through the two guarded headers that include it, and the two are undone before the rest
// of dlib. Nothing here needs either: the model's filters come already split (frontal_face_model.h),
// and no LAPACK, BLAS or libgfortran is loaded by every process.
#include <dlib/assert.h>
#include <dlib/test_for_odr_violations.h>
#undef DLIB_USE_BLAS
#undef DLIB_USE_LAPACK
#include <dlib/image_processing/frontal_face_detector.h>

#include "face_model.h"

std::vector<cfd_face> cfd::scan(const uint8_t *grey, int width, int height, int stride, double adjust) {
    return scan_faces(grey, width, height, stride, adjust);
}
