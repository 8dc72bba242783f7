#!/bin/sh
# Builds a small C driver over Sources/CImageIO and runs it under valgrind on every file in
# ../shared/corpus/bad (probe, then decode with failOnTruncation on and off).
# Fails (exit 1) on any valgrind error or definitely-lost leak.
# Usage: scripts/ci/memcheck-bad.sh [corpus-dir]   (run from the project root)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${1:-$root/../shared/corpus}
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cc -g -O1 -Wall -I"$root/Sources/CImageIO/include" -I"$root/Sources/CImageIO" \
   "$root/scripts/ci/memcheck-driver.c" $(find "$root/Sources/CImageIO" -name "*.c") -ljpeg -lpng16 -lz -ldeflate -llcms2 -lpthread -lm -o "$build/driver"
valgrind --quiet --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
   "$build/driver" "$corpus"/bad/*
echo "memcheck: no errors"
