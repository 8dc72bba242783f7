#!/usr/bin/env bash
# Resampling core speed: aspectfit-bench (Lanczos3, 4032x3024 synthetic photo, 1 thread) beside
# Pillow-SIMD / Pillow on the same pixels, or, with --callgrind, repeatable instruction counts of
# the hot functions (timings on a shared 2-core machine are noisy; instruction counts are not).
#
#   scripts/bench-core.sh [--avx2] [--runs N] [--pillow PYTHON] [--only rgb|rgba] [--width 800|2016] [--linear]
#   scripts/bench-core.sh [--avx2] --callgrind [--only rgb|rgba] [--width 800|2016]
# --avx2 builds (into .build/avx2) with -target-cpu haswell -D ASPECTFIT_AVX2: the AVX2 loops,
# for CPUs that have AVX2 only.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == "--avx2" ]]; then
    shift
    swift build -c release --product aspectfit-bench --build-path .build/avx2 \
        -Xswiftc -target-cpu -Xswiftc haswell -Xswiftc -DASPECTFIT_AVX2 >/dev/null
    bench=.build/avx2/release/aspectfit-bench
else
    swift build -c release --product aspectfit-bench >/dev/null
    bench=.build/release/aspectfit-bench
fi

if [[ "${1:-}" == "--callgrind" ]]; then
    shift
    # valgrind cannot read Swift's DWARF: profile a copy without debug info (symbols stay).
    copy=$(mktemp /tmp/aspectfit-bench.XXXXXX)
    out=$(mktemp /tmp/aspectfit-callgrind.XXXXXX)
    trap 'rm -f "$copy" "$out"' EXIT
    strip --strip-debug -o "$copy" "$bench"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$copy" --runs 1 --pillow none "$@" 2>&1 | grep "refs"
    callgrind_annotate "$out" | grep -E "AspectFit|memcpy" | head -12 | cut -c1-150
    exit 0
fi

exec "$bench" "$@"
