#!/usr/bin/env bash
# Writes Sources/CFaceDetector/frontal_face_model.h: dlib's frontal face detector (the model
# get_frontal_face_detector() unpacks from its compressed base64 text) serialised raw, as a C array.
# Reading it back costs ~28 M instructions instead of the ~850 M the compressed text costs per process.
# Needs libdlib-dev (scripts/debian-packages.txt), and liblapack-dev and libblas-dev, which dlib's
# unpacking links (the detector itself does not).
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d /tmp/aspectfit-face-model.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/dump.cpp" <<'CPP'
#include <dlib/image_processing/frontal_face_detector.h>
#include <iostream>
int main() { dlib::frontal_face_detector d = dlib::get_frontal_face_detector(); dlib::serialize(d, std::cout); }
CPP
g++ -O2 "$tmp/dump.cpp" -ldlib -llapack -lblas -o "$tmp/dump"
"$tmp/dump" > "$tmp/model.bin"
{
    echo "#pragma once"
    echo "// dlib's frontal face detector model (Boost Software License 1.0, as dlib), serialised by"
    echo "// scripts/generate/make-face-model.sh from libdlib-dev $(dpkg-query -W -f '${Version}' libdlib-dev). Do not edit."
    echo "static const unsigned char frontal_face_model[] = {"
    od -An -v -tu1 "$tmp/model.bin" | tr -s ' ' | sed 's/^ //; s/ /,/g; s/$/,/'
    echo "};"
} > Sources/CFaceDetector/frontal_face_model.h
wc -c Sources/CFaceDetector/frontal_face_model.h
