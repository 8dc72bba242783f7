#!/usr/bin/env bash
# Instruction counts (callgrind) of the JPEG encode alone (cio_encode_jpeg and what it calls) and of
# the whole fit, for --jpeg-encoder turbo (also with --optimize-huffman) and trellis, on the peer
# benchmark's T1 (4:3, 800 wide) and T2 (square, 256) at -q 85: repeatable on a busy machine.
#
#   bash scripts/measure/callgrind-jpeg-encoder.sh [INPUT.jpg...]
#   (default: the first JPEG of bench-workload/jpeg, made by bench/make-workload.py, and the corpus
#   photo harvesters; after swift build -c release)
#
# With .bench/mozjpeg/cjpeg (scripts/measure/build-mozjpeg.sh) it also counts mozjpeg's encode of the
# same resampled pixels: its defaults (trellis, scans chosen by size) and -revert (libjpeg-turbo's
# behaviour, the same build), jpeg_start_compress + jpeg_write_scanlines + jpeg_finish_compress.
# With pyjpegli in .bench/pillow (pip install pyjpegli==0.3.2) it counts jpegli's the same way.
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
mozjpeg=.bench/mozjpeg/cjpeg
python=.bench/pillow/bin/python
jpegli=0
"$python" -c 'import pyjpegli' 2>/dev/null && jpegli=1
compress_calls() {   # prints the instructions of the last profile's PREFIX_start_compress + _write_scanlines + _finish_compress
    callgrind_annotate --inclusive=yes --threshold=100 "$work/out" |
        awk -v prefix="$1" '$0 ~ prefix "_(start_compress|write_scanlines|finish_compress) " { gsub(",", "", $1); sum += $1 } END { print sum }'
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
        [[ -x $mozjpeg ]] || ((jpegli)) || continue
        "$work/aspectfit" --quiet --ratio "$2" --width "$3" -f png -o "$work/pixels.png" "$input"
        if [[ -x $mozjpeg ]]; then
            "$python" -c 'import sys; from PIL import Image; Image.open(sys.argv[1]).convert("RGB").save(sys.argv[2])' \
                "$work/pixels.png" "$work/pixels.ppm"
            for encoder in "-revert" "-revert -optimize" ""; do
                valgrind --tool=callgrind --callgrind-out-file="$work/out" "$mozjpeg" -outfile "$work/mozjpeg.jpg" $encoder \
                    -quality 85 -sample 2x2 "$work/pixels.ppm" >/dev/null 2>&1
                echo "| $(basename "$input") | $1 | mozjpeg ${encoder:-(defaults)} | $(compress_calls jpeg) | | $(stat -c %s "$work/mozjpeg.jpg") |"
            done
        fi
        if ((jpegli)); then
            valgrind --tool=callgrind --callgrind-out-file="$work/out" "$python" -c '
import sys, numpy, pyjpegli
from PIL import Image
pixels = numpy.ascontiguousarray(numpy.asarray(Image.open(sys.argv[1]).convert("RGB")))
open(sys.argv[2], "wb").write(pyjpegli.encode(pixels, pixels.shape[1], pixels.shape[0], quality=85))' \
                "$work/pixels.png" "$work/jpegli.jpg" >/dev/null 2>&1
            echo "| $(basename "$input") | $1 | jpegli | $(compress_calls jpegli) | | $(stat -c %s "$work/jpegli.jpg") |"
        fi
    done
done
