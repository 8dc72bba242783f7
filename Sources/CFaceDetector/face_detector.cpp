// The C face detector: dlib's frontal face detector behind a C API. Every C++ exception is caught
// here and turned into -1 plus a message, so none crosses into Swift.
#include "cfacedetector.h"

// Debian's dlib/config.h asks for BLAS and LAPACK, and dlib/config.h has no include guard: it is read
// once here, through the two guarded headers that include it, and the two are undone before the rest
// of dlib. Nothing here needs either: the model's filters come already split (frontal_face_model.h),
// and no LAPACK, BLAS or libgfortran is loaded by every process.
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
#include <stdexcept>
#include <string>
#include <vector>

namespace {

void set_error(char *error, size_t size, const char *message) {
    if (error != nullptr && size > 0) std::snprintf(error, size, "%s", message);
}

using scanner_type = dlib::frontal_face_detector::image_scanner_type;

// Reads the 32-bit words of frontal_face_filters in order; a word past the end throws.
class filter_words {
public:
    uint32_t next() {
        if (at_ >= count_) throw std::runtime_error("face model ends early");
        return frontal_face_filters[at_++];
    }
    float next_float() {
        const uint32_t bits = next();
        float value;
        std::memcpy(&value, &bits, sizeof value);
        return value;
    }
    void fill(float *values, long count) {
        for (long i = 0; i < count; ++i) values[i] = next_float();
    }
    bool at_end() const { return at_ == count_; }

private:
    static constexpr size_t count_ = sizeof frontal_face_filters / sizeof frontal_face_filters[0];
    size_t at_ = 0;
};

// dlib's frontal face detector as object_detector<scanner_type> runs it, built from its filter banks as
// stored (frontal_face_model.h: already split into separable filters) instead of from its weights, which
// object_detector can only take unsplit (the split is most of the ~15 M instructions a model read costs).
class face_model {
public:
    face_model() {
        std::istringstream settings(std::string(reinterpret_cast<const char *>(frontal_face_settings), sizeof frontal_face_settings));
        dlib::deserialize(scanner_, settings);
        dlib::deserialize(overlap_, settings);
        filter_words words;
        banks_.resize(words.next());
        thresholds_.resize(banks_.size());
        for (size_t k = 0; k < banks_.size(); ++k) {
            const uint64_t low = words.next(), high = words.next();
            const uint64_t bits = low | high << 32;
            std::memcpy(&thresholds_[k], &bits, sizeof bits);
            scanner_type::fhog_filterbank &bank = banks_[k];
            const size_t channels = words.next();
            bank.filters.resize(channels);
            bank.row_filters.resize(channels);
            bank.col_filters.resize(channels);
            for (size_t i = 0; i < channels; ++i) {
                const long rows = words.next(), size = words.next();
                if (rows <= 0 || size % rows != 0) throw std::runtime_error("face model filter has no shape");
                bank.filters[i].set_size(rows, size / rows);
                words.fill(&bank.filters[i](0, 0), size);
                bank.row_filters[i].resize(words.next());
                bank.col_filters[i].resize(bank.row_filters[i].size());
                for (size_t j = 0; j < bank.row_filters[i].size(); ++j) {
                    for (auto *filter : {&bank.row_filters[i][j], &bank.col_filters[i][j]}) {
                        const long length = words.next();
                        filter->set_size(length);
                        words.fill(&(*filter)(0), length);
                    }
                }
            }
        }
        if (!words.at_end()) throw std::runtime_error("face model has words left over");
    }

    // object_detector::operator(): every bank over one HOG pyramid, then non-maximum suppression.
    std::vector<dlib::rect_detection> detect(const dlib::array2d<unsigned char> &image, double adjust) {
        scanner_.load(image);
        std::vector<std::pair<double, dlib::rectangle>> found;
        std::vector<dlib::rect_detection> all;
        for (size_t k = 0; k < banks_.size(); ++k) {
            scanner_.detect(banks_[k], found, thresholds_[k] + adjust);
            for (const auto &f : found) {
                dlib::rect_detection d;
                d.detection_confidence = f.first - thresholds_[k];
                d.weight_index = k;
                d.rect = f.second;
                all.push_back(d);
            }
        }
        if (banks_.size() > 1) std::sort(all.rbegin(), all.rend());
        std::vector<dlib::rect_detection> kept;
        for (const auto &d : all) {
            const bool overlaps = std::any_of(kept.begin(), kept.end(), [&](const dlib::rect_detection &k) { return overlap_(k.rect, d.rect); });
            if (!overlaps) kept.push_back(d);
        }
        return kept;
    }

private:
    scanner_type scanner_;
    dlib::test_box_overlap overlap_;
    std::vector<scanner_type::fhog_filterbank> banks_;
    std::vector<double> thresholds_;
};

// A detector keeps scratch state (the pyramid) while it scans: one per thread, built on first use (may
// throw: the caller catches).
face_model &thread_model() {
    thread_local face_model model;
    return model;
}

}  // namespace

extern "C" int cfd_smallest_face(void) { return 80; }

extern "C" int cfd_detect_faces(const uint8_t *grey, int width, int height, int stride, double adjust,
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
        std::vector<dlib::rect_detection> found = thread_model().detect(image, adjust);
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
