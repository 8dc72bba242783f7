#!/usr/bin/env bash
# Instruction counts (callgrind) of whole fits by one or more aspectfit binaries, to compare builds
# on a busy machine where timings are noise: a 4032x3024 JPEG -> 800x600 q85 (peers.sh T1) and a
# 2048x1536 RGBA PNG -> 512x512 with 64 px corners (T3), from the peer benchmark's workload.
#
#   bash scripts/measure/callgrind-fit.sh [BINARY...]      (default: builds .build/release/aspectfit)
#   JPEG=FILE PNG=FILE to use other inputs (default: the first of bench-workload/jpeg and png,
#   made by ../shared/bench/make-workload.py)
set -euo pipefail
cd "$(dirname "$0")/../.."
if (($# == 0)); then
    swift build -c release --product aspectfit >/dev/null
    set -- .build/release/aspectfit
fi
jpeg=${JPEG:-$(ls bench-workload/jpeg/*.jpg 2>/dev/null | head -1)}
png=${PNG:-$(ls bench-workload/png/*.png 2>/dev/null | head -1)}
[[ -f $jpeg && -f $png ]] || { echo "callgrind-fit: no workload: run ../shared/bench/make-workload.py, or set JPEG and PNG" >&2; exit 2; }
work=$(mktemp -d /tmp/aspectfit-callgrind.XXXXXX)
trap 'rm -rf "$work"' EXIT
for binary in "$@"; do
    # valgrind cannot read Swift's DWARF: profile a copy without debug info (symbols stay).
    strip --strip-debug -o "$work/aspectfit" "$binary"
    count() {
        valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/aspectfit" --quiet "$@" 2>&1 \
            | awk '/refs:/ { print $NF }'
    }
    t1=$(count --ratio 4:3 --width 800 --quality 85 -o "$work/t1.jpg" "$jpeg")
    t3=$(count --ratio square --width 512 --radius 64 --format png -o "$work/t3.png" "$png")
    echo "$binary: JPEG->800x600 $t1 instructions, RGBA PNG->512x512 r64 $t3 instructions"
done
