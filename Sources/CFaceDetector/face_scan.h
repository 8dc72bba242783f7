// The detector's scan, built twice: for any x86-64 and with AVX2 (dlib's 8-wide float loops),
// face_detector.cpp choosing one at run time.
#ifndef CFACEDETECTOR_FACE_SCAN_H
#define CFACEDETECTOR_FACE_SCAN_H

#include "cfacedetector.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cfd {

// The stored model (frontal_face_model.h): dlib's serialised scanner settings, then its filter banks
// already split into separable filters, as 32-bit words.
struct model_words {
    const unsigned char *settings;
    size_t settings_size;
    const uint32_t *filters;
    size_t filter_count;
};
const model_words &frontal_face_model();

// The faces an 8-bit grey image holds, surest first (see cfd_detect_faces); may throw.
std::vector<cfd_face> scan(const uint8_t *grey, int width, int height, int stride, double adjust);
// The same with AVX2: only on a CPU that has it. Scores may differ from scan's in the last bits of
// a float (the sums run in another order); the boxes are the same.
std::vector<cfd_face> scan_avx2(const uint8_t *grey, int width, int height, int stride, double adjust);

}  // namespace cfd

#endif
