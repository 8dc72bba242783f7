#!/usr/bin/env bash
# What repeating a 4:2:0 JPEG's chroma costs in quality where aspectfit could do it (a full-scale
# decode the resampler reduces by 2x or more): the small-files job (640x480 -> 128x128) on the first
# N files of bench-out/small/src (scripts/generate/make-small-files.py), from djpeg's smoothed decode and from
# djpeg -nosmooth's (each saved as PNG, so only the chroma differs), and straight from the JPEGs.
# Prints PSNR against the float64 reference (../shared/bench/quality.py); for JPEG q85 outputs also
# the q85 ceiling. aspectfit repeats the chroma for the JPEG outputs and smooths it for PNG ones.
#
#   bash scripts/measure/measure-chroma.sh [N] [jpeg|png]   (default 200 jpeg; needs a release build and djpeg)
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-200}
format=${2:-jpeg}
[[ $format == jpeg || $format == png ]] || { echo "measure-chroma.sh: format jpeg or png" >&2; exit 2; }
py=${PILLOW_PY:-.bench/pillow/bin/python}
bin=.build/release/aspectfit
[[ -x $bin ]] || swift build -c release --product aspectfit >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/smooth" "$work/nosmooth"
files=(bench-out/small/src/*.jpg)
for f in "${files[@]:0:$count}"; do
    name=$(basename "$f" .jpg)
    cp "$f" "$work/src/"
    djpeg "$f" | "$py" -c 'import sys, PIL.Image as I; I.open(sys.stdin.buffer).save(sys.argv[1])' "$work/smooth/$name.png"
    djpeg -nosmooth "$f" | "$py" -c 'import sys, PIL.Image as I; I.open(sys.stdin.buffer).save(sys.argv[1])' "$work/nosmooth/$name.png"
done
fit() { "$bin" -r square -w 128 -f "$format" -q 85 -o "$2/" "$1"/* >/dev/null; }
mkdir -p "$work/out-smooth" "$work/out-nosmooth" "$work/out-jpeg"
fit "$work/smooth" "$work/out-smooth"
fit "$work/nosmooth" "$work/out-nosmooth"
fit "$work/src" "$work/out-jpeg"
ceiling=()
[[ $format == jpeg ]] && ceiling=(--ceiling-quality 85)
"$py" ../shared/bench/quality.py --size 128x128 --src "$work/src" "${ceiling[@]}" \
    smoothed-chroma="$work/out-smooth" repeated-chroma="$work/out-nosmooth" aspectfit-jpeg-route="$work/out-jpeg"
