#!/bin/sh
# Builds a small C driver over Sources/CImageIO and runs it under valgrind on every file in
# ../shared/corpus/bad, the bad-* files of its webp, avif, heic and gif folders, the damaged or
# unusual files there MANIFEST calls `either`, and the HEVC grids of Tests/HEIFGridSet (the tile
# route, one of them with an undecodable tile) (probe, then decode with failOnTruncation on and off).
# Fails (exit 1) on any valgrind error or definitely-lost leak.
# Usage: scripts/ci/memcheck-bad.sh [corpus-dir]   (run from the project root)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${1:-$root/../shared/corpus}
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cc -g -O1 -Wall -I"$root/Sources/CImageIO/include" -I"$root/Sources/CImageIO" \
   "$root/scripts/ci/memcheck-driver.c" $(find "$root/Sources/CImageIO" -name "*.c") -ljpeg -lpng16 -lz -ldeflate -llcms2 -lwebp -lwebpmux -lwebpdemux -lgif -lpthread -lm -o "$build/driver"
valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
   "$build/driver" "$corpus"/bad/* "$corpus"/webp/bad-* "$corpus"/avif/bad-* "$corpus"/heic/bad-* "$corpus"/gif/bad-* \
   "$corpus"/gif/truncated-* "$corpus"/gif/zero-width-* "$corpus"/gif/frame-out-of-bounds-* "$corpus"/gif/metadata-ext-* \
   "$corpus"/avif/mini-* "$corpus"/avif/alpha-two-ipma-* "$corpus"/heic/mini-* "$corpus"/heic/unci-* "$corpus"/heic/jpeg-item-* \
   "$root"/Tests/HEIFGridSet/grid-*.heic "$root"/Tests/HEIFGridSet/phone-*.heic
echo "memcheck: no errors"
