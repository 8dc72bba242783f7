// The scan of face_detector.cpp's detector, included by face_scan.cpp (any x86-64) and by
// face_scan_avx2.cpp (dlib's AVX loops, its namespace renamed so that no instantiation is shared),
// after dlib's headers. Everything here has internal linkage: each copy keeps its own model and code.
#include "face_scan.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using scanner_type = dlib::frontal_face_detector::image_scanner_type;

// Reads the 32-bit words of the model's filters in order; a word past the end throws.
class filter_words {
public:
    uint32_t next() {
        if (at_ >= model_.filter_count) throw std::runtime_error("face model ends early");
        return model_.filters[at_++];
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
    bool at_end() const { return at_ == model_.filter_count; }

private:
    const cfd::model_words &model_ = cfd::frontal_face_model();
    size_t at_ = 0;
};

// dlib's frontal face detector as object_detector<scanner_type> runs it, built from its filter banks as
// stored (frontal_face_model.h: already split into separable filters) instead of from its weights, which
// object_detector can only take unsplit (the split is most of the ~15 M instructions a model read costs).
class face_model {
public:
    face_model() {
        const cfd::model_words &model = cfd::frontal_face_model();
        std::istringstream settings(std::string(reinterpret_cast<const char *>(model.settings), model.settings_size));
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

// The faces `grey` holds, surest first.
std::vector<cfd_face> scan_faces(const uint8_t *grey, int width, int height, int stride, double adjust) {
    dlib::array2d<unsigned char> image(height, width);
    for (int y = 0; y < height; ++y) {
        std::memcpy(&image[y][0], grey + static_cast<size_t>(y) * static_cast<size_t>(stride), static_cast<size_t>(width));
    }
    std::vector<dlib::rect_detection> found = thread_model().detect(image, adjust);
    std::sort(found.begin(), found.end(), [](const dlib::rect_detection &a, const dlib::rect_detection &b) {
        return a.detection_confidence > b.detection_confidence;
    });
    std::vector<cfd_face> faces;
    for (const dlib::rect_detection &d : found) {
        faces.push_back(cfd_face{static_cast<float>(d.rect.left()), static_cast<float>(d.rect.top()),
                                 static_cast<float>(d.rect.width()), static_cast<float>(d.rect.height()),
                                 static_cast<float>(d.detection_confidence)});
    }
    return faces;
}

}  // namespace
