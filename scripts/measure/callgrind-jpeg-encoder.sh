#!/usr/bin/env bash
# Instruction counts (callgrind) of the JPEG encode alone (cio_encode_jpeg and what it calls) and of
# the whole fit, for --jpeg-encoder turbo (also with --optimize-huffman) and trellis, on the peer
# benchmark's T1 (4:3, 800 wide) and T2 (square, 256) at -q 85: repeatable on a busy machine.
#
#   bash scripts/measure/callgrind-jpeg-encoder.sh [INPUT.jpg...]
#   (default: the first JPEG of bench-workload/jpeg, made by bench/make-workload.py, and the corpus
#   photo harvesters; after swift build -c release)
set -euo pipefail
cd "$(dirname "$0")/../.."
if (($# == 0)); then
    set -- $(ls bench-workload/jpeg/*.jpg 2>/dev/null | head -1) ../shared/corpus/photos/harvesters-1165x859.jpg
fi
work=$(mktemp -d /tmp/aspectfit-callgrind-jpeg.XXXXXX)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read Swift's DWARF: profile a copy without debug info (symbols stay).
strip --strip-debug -o "$work/aspectfit" .build/release/aspectfit
count() {   # prints: encode-alone whole-fit
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/aspectfit" --quiet "$@" -o "$work/out.jpg" >/dev/null 2>&1
    callgrind_annotate --inclusive=yes --threshold=100 "$work/out" | awk '/PROGRAM TOTALS/ { total = $1 } /cio_encode_jpeg/ && !e { e = $1 } END { print e, total }'
}
echo "| input | task | encoder | encode instructions | whole fit instructions | bytes |"
echo "|---|---|---|---|---|---|"
for input in "$@"; do
    for task in "T1 4:3 800" "T2 square 256"; do
        set -- $task
        for encoder in "turbo" "turbo --optimize-huffman" "trellis"; do
            read -r encode total < <(count --ratio "$2" --width "$3" -q 85 --jpeg-encoder $encoder "$input")
            echo "| $(basename "$input") | $1 | $encoder | $encode | $total | $(stat -c %s "$work/out.jpg") |"
        done
    done
done
