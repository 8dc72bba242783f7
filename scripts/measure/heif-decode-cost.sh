#!/usr/bin/env bash
# What decoding a phone-like HEIC costs, route by route (scripts/measure/heif-decode-cost.c): callgrind
# instruction counts, which hold on a busy machine, and with --time the best CPU time of 5 native runs
# (a guide only unless the machine is quiet). Prints a Markdown table per file.
#
#   bash scripts/measure/heif-decode-cost.sh [--time] [FILE...]
#        (default: the first landscape and the first portrait of bench-workload/heic)
#   bash scripts/measure/heif-decode-cost.sh --t6-floor
#        T6's decode floor: the tile route's decode alone (the 800x600 region's tiles, in-loop filters
#        left out, as aspectfit decodes them) of every bench-workload/heic file, in turn on one CPU;
#        total wall seconds (quiet machine only), to set beside T6 in docs/performance.md
#
# Rows: libheif-whole (libheif 1.15 decodes the primary image: the route before tiles), tiles (the
# tile route, whole image), region (the tile route, the rows and columns an 800x600 cover crop reads;
# also without the tiles' in-loop filters, as aspectfit decodes for that output),
# tiles x2 (the same on two threads: the total work; wall time is what threads save), thumbnail
# (libheif decodes the embedded thumbnail), floor (libde265 alone on the tiles the region needs), and
# when pillow-heif is installed in .bench/pillow, the same floor with pillow-heif's own libde265.
set -euo pipefail
cd "$(dirname "$0")/../.."
time=0 t6_floor=0
if [[ ${1:-} == --time ]]; then time=1; shift; fi
if [[ ${1:-} == --t6-floor ]]; then t6_floor=1; shift; fi
if (($# == 0)); then
    set -- bench-workload/heic/photo-01.heic bench-workload/heic/photo-03.heic
fi
work=$(mktemp -d /tmp/heif-decode-cost.XXXXXX)
trap 'rm -rf "$work"' EXIT
sources=$(find Sources/CImageIO -name "*.c")
libs="-ljpeg -lpng16 -lz -ldeflate -llcms2 -lwebp -lwebpmux -lwebpdemux -lavif -lheif -lgif -lpthread -lm"
# shellcheck disable=SC2086
cc -O2 -ISources/CImageIO/include -ISources/CImageIO scripts/measure/heif-decode-cost.c $sources $libs -lde265 -o "$work/cost"
bundled=$(ls .bench/pillow/lib/python3*/site-packages/pillow_heif.libs/libde265-*.so* 2>/dev/null | head -1 || true)
if [[ -n $bundled ]]; then
    # shellcheck disable=SC2086
    cc -O2 -ISources/CImageIO/include -ISources/CImageIO scripts/measure/heif-decode-cost.c $sources $libs "$bundled" \
        -Wl,-rpath,"$(dirname "$bundled")" -o "$work/cost-bundled"
fi
if ((t6_floor)); then
    start=$(date +%s.%N)
    for file in bench-workload/heic/*.heic; do taskset -c 0 "$work/cost" region-unfiltered "$file" > /dev/null; done
    python3 -c "import sys; print(f'T6 decode floor: {float(sys.argv[2]) - float(sys.argv[1]):.2f} s on one CPU')" "$start" "$(date +%s.%N)"
    exit 0
fi

instructions() { valgrind --tool=callgrind --callgrind-out-file="$work/out" "$@" 2>&1 | awk '/refs:/ { gsub(",", "", $NF); printf "%.2f", $NF / 1e9 }'; }
cpu() {   # best user+system seconds of 5 runs
    python3 - "$@" <<'PY'
import os, subprocess, sys
best = None
for _ in range(5):
    p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
    _, _, usage = os.wait4(p.pid, 0)
    t = usage.ru_utime + usage.ru_stime
    best = t if best is None else min(best, t)
print(f"{best:.2f}")
PY
}

for file in "$@"; do
    echo
    echo "$file ($("$work/cost" tiles "$file" | sed 's/^tiles: //; s/, [0-9.]* s$//'))"
    echo
    echo "| route | tiles | G instructions | CPU s (best of 5) |"
    echo "|---|---:|---:|---:|"
    row() {   # label tiles binary mode [threads]
        local label=$1 count=$2; shift 2
        local t="-"
        ((time)) && t=$(cpu "$@")
        echo "| $label | $count | $(instructions "$@") | $t |"
    }
    all=$("$work/cost" floor-all "$file" | sed -E 's/.* ([0-9]+) tiles.*/\1/')
    needed=$("$work/cost" floor "$file" | sed -E 's/.* ([0-9]+) tiles.*/\1/')
    row "libheif 1.15 whole image" "$all" "$work/cost" libheif-whole "$file"
    row "tile route, whole image" "$all" "$work/cost" tiles "$file"
    row "tile route, 800x600 region" "$needed" "$work/cost" region "$file"
    row "tile route, 800x600 region, in-loop filters left out" "$needed" "$work/cost" region-unfiltered "$file"
    row "tile route, whole image, 2 threads" "$all" "$work/cost" tiles "$file" 2
    row "embedded thumbnail (libheif)" "1" "$work/cost" thumbnail "$file"
    row "floor: Debian's libde265 1.0.11 alone, region's tiles" "$needed" "$work/cost" floor "$file"
    row "floor: Debian's libde265 1.0.11 alone, every tile" "$all" "$work/cost" floor-all "$file"
    row "the same without the in-loop filters" "$all" "$work/cost" floor-all-unfiltered "$file"
    if [[ -n $bundled ]]; then
        row "floor: pillow-heif's libde265 alone, every tile" "$all" "$work/cost-bundled" floor-all "$file"
    fi
done
