#!/usr/bin/env bash
# Writes Sources/CFaceDetector/frontal_face_model.h: dlib's frontal face detector (the model
# get_frontal_face_detector() unpacks from its compressed base64 text) as the detector uses it: its
# scanner's settings and its five filter banks already split into separable filters, by dlib's own SVD
# as face_detector.cpp builds dlib (no LAPACK), stored as the floats' bits. Reading them back is a copy;
# unpacking the compressed text costs ~850 M instructions, deserialising and splitting ~15 M.
# Also writes Tests/SmartCropSet/face-detections.tsv, the conformance test's oracle: what dlib's own
# object_detector, from the model dlib ships, finds (at its threshold - 1.5, so weak candidates of every
# filter bank show) in a grey copy of each smart-crop photo (FaceDetectorConformanceTests makes the
# same copy from djpeg's decode).
# Needs libdlib-dev (scripts/debian-packages.txt), and liblapack-dev and libblas-dev, which dlib's
# unpacking links (the detector itself does not), and djpeg.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d /tmp/aspectfit-face-model.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# The grey copy both sides search: luma (77 R + 150 G + 29 B + 128) >> 8 of each pixel, averaged (rounded)
# over f x f blocks, f = ceil(long side / 240); the rows and columns that do not fill a block are dropped.
cat > "$tmp/stock.cpp" <<'CPP'
#include <dlib/image_processing/frontal_face_detector.h>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char **argv) {
    dlib::frontal_face_detector d = dlib::get_frontal_face_detector();
    { std::ofstream model(argv[1], std::ios::binary); dlib::serialize(d, model); }
    for (int a = 2; a + 1 < argc; a += 2) {
        std::ifstream in(argv[a + 1], std::ios::binary);
        std::string magic; int w, h, maxval;
        in >> magic >> w >> h >> maxval; in.get();
        if (magic != "P6" || maxval != 255) { std::fprintf(stderr, "%s: not an 8-bit colour photo\n", argv[a]); return 1; }
        std::vector<unsigned char> rgb(static_cast<size_t>(w) * h * 3);
        in.read(reinterpret_cast<char *>(rgb.data()), static_cast<std::streamsize>(rgb.size()));
        const int f = (std::max(w, h) + 239) / 240, gw = w / f, gh = h / f;
        dlib::array2d<unsigned char> grey(gh, gw);
        for (int y = 0; y < gh; ++y)
            for (int x = 0; x < gw; ++x) {
                int sum = 0;
                for (int dy = 0; dy < f; ++dy)
                    for (int dx = 0; dx < f; ++dx) {
                        const unsigned char *p = &rgb[(static_cast<size_t>(y * f + dy) * w + x * f + dx) * 3];
                        sum += (77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8;
                    }
                grey[y][x] = static_cast<unsigned char>((sum + f * f / 2) / (f * f));
            }
        std::vector<dlib::rect_detection> found;
        d(grey, found, -1.5);
        for (const auto &r : found)
            std::printf("%s\t%ld\t%ld\t%ld\t%ld\t%.9f\n", argv[a], r.rect.left(), r.rect.top(), r.rect.right(),
                        r.rect.bottom(), r.detection_confidence);
    }
}
CPP

cat > "$tmp/split.cpp" <<'CPP'
#include <dlib/assert.h>
#include <dlib/test_for_odr_violations.h>
#undef DLIB_USE_BLAS
#undef DLIB_USE_LAPACK
#include <dlib/image_processing/frontal_face_detector.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>
int main(int argc, char **argv) {
    std::ifstream in(argv[1], std::ios::binary);
    dlib::frontal_face_detector d;
    dlib::deserialize(d, in);
    std::ostringstream settings;
    dlib::frontal_face_detector::image_scanner_type scanner;
    scanner.copy_configuration(d.get_scanner());
    dlib::serialize(scanner, settings);
    dlib::serialize(d.get_overlap_tester(), settings);
    std::vector<uint32_t> words;
    auto put = [&](const float *v, long n) {
        words.push_back(static_cast<uint32_t>(n));
        for (long i = 0; i < n; ++i) { uint32_t b; std::memcpy(&b, &v[i], 4); words.push_back(b); }
    };
    words.push_back(static_cast<uint32_t>(d.num_detectors()));
    for (unsigned long k = 0; k < d.num_detectors(); ++k) {
        const auto &p = d.get_processed_w(k);
        const double threshold = p.w(scanner.get_num_dimensions());
        uint64_t t; std::memcpy(&t, &threshold, 8);
        words.push_back(static_cast<uint32_t>(t)); words.push_back(static_cast<uint32_t>(t >> 32));
        const auto &fb = p.get_detect_argument();
        words.push_back(static_cast<uint32_t>(fb.filters.size()));
        for (size_t i = 0; i < fb.filters.size(); ++i) {
            words.push_back(static_cast<uint32_t>(fb.filters[i].nr()));
            put(&fb.filters[i](0, 0), fb.filters[i].size());
            words.push_back(static_cast<uint32_t>(fb.row_filters[i].size()));
            for (size_t j = 0; j < fb.row_filters[i].size(); ++j) {
                put(&fb.row_filters[i][j](0), fb.row_filters[i][j].size());
                put(&fb.col_filters[i][j](0), fb.col_filters[i][j].size());
            }
        }
    }
    const std::string s = settings.str();
    std::printf("static const unsigned char frontal_face_settings[] = {");
    for (size_t i = 0; i < s.size(); ++i) std::printf("%s%u", i == 0 ? "\n" : i % 24 ? "," : ",\n", static_cast<unsigned char>(s[i]));
    std::printf("\n};\nstatic const uint32_t frontal_face_filters[] = {");
    for (size_t i = 0; i < words.size(); ++i) std::printf("%s0x%08x", i == 0 ? "\n" : i % 10 ? "," : ",\n", words[i]);
    std::printf("\n};\n");
}
CPP

g++ -O2 "$tmp/stock.cpp" -ldlib -llapack -lblas -o "$tmp/stock"
g++ -O2 -std=c++17 "$tmp/split.cpp" -o "$tmp/split"
args=()
for photo in Tests/SmartCropSet/evidence/*.jpg Tests/SmartCropSet/heldout/*.jpg; do
    ppm="$tmp/$(basename "$photo" .jpg).ppm"
    djpeg -pnm "$photo" > "$ppm"
    args+=("${photo#Tests/SmartCropSet/}" "$ppm")
done
{
    echo "# What dlib's own frontal face detector (libdlib-dev $(dpkg-query -W -f '${Version}' libdlib-dev), its threshold - 1.5)"
    echo "# finds in the grey copy of each photo that scripts/generate/make-face-model.sh describes. Do not edit."
    printf '# photo\tleft\ttop\tright\tbottom\tconfidence\n'
    "$tmp/stock" "$tmp/model.bin" "${args[@]}"
} > Tests/SmartCropSet/face-detections.tsv
{
    echo "#pragma once"
    echo "// dlib's frontal face detector model (Boost Software License 1.0, as dlib), written by"
    echo "// scripts/generate/make-face-model.sh from libdlib-dev $(dpkg-query -W -f '${Version}' libdlib-dev). Do not edit."
    echo "// frontal_face_settings: dlib's serialisation of the scanner's settings and of the overlap test."
    echo "// frontal_face_filters: the number of filter banks, then for each bank its threshold (a double's"
    echo "// bits, low word first) and its channels; each channel's filter rows, filter (length, then floats),"
    echo "// and its separable filters: their count, then each row filter and column filter (length, floats)."
    echo "#include <stdint.h>"
    "$tmp/split" "$tmp/model.bin"
} > Sources/CFaceDetector/frontal_face_model.h
wc -c Sources/CFaceDetector/frontal_face_model.h Tests/SmartCropSet/face-detections.tsv
