#!/usr/bin/env bash
# Instruction counts (valgrind callgrind, release build) of -g centre vs -g attention vs -g entropy on
# T1-like jobs (4032x3024 / 3024x4032 JPEG -> 4:3 800 px, q85) and T2-like (-> 1:1 256 px), one
# process per job, -j 1. Repeatable on a busy machine, unlike wall-clock times.
#   scripts/smartcrop-callgrind.sh [WORKLOAD_DIR]   (default ../shared/bench workload: bench-workload/jpeg)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-bench-workload/jpeg}
bin=.build/release/aspectfit
[ -x "$bin" ] || { echo "build first: swift build -c release" >&2; exit 1; }
tmp=$(mktemp -d /tmp/aspectfit-smartcrop-cg.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# valgrind cannot read Swift's DWARF: profile a copy without debug info.
strip --strip-debug -o "$tmp/aspectfit" "$bin"
count() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$tmp/aspectfit" "$@" -o "$tmp/out.jpg" -j 1 \
        2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,
}
printf "%-12s %-4s %14s %14s %14s %8s %8s\n" photo task centre attention entropy att/ctr ent/ctr
for f in "$dir"/photo-01.jpg "$dir"/photo-03.jpg "$dir"/photo-05.jpg; do
    for task in T1 T2; do
        if [ $task = T1 ]; then args=(--ratio 4:3 --width 800 --quality 85); else args=(--ratio square --width 256 --quality 85); fi
        c=$(count "${args[@]}" -g centre "$f"); a=$(count "${args[@]}" -g attention "$f"); e=$(count "${args[@]}" -g entropy "$f")
        printf "%-12s %-4s %14s %14s %14s %8.3f %8.3f\n" "$(basename "$f")" $task "$c" "$a" "$e" \
            "$(echo "$a / $c" | bc -l)" "$(echo "$e / $c" | bc -l)"
    done
done
