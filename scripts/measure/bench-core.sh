#!/usr/bin/env bash
# Resampling core speed: aspectfit-bench (Lanczos3, 4032x3024 synthetic photo, 1 thread) beside
# Pillow-SIMD / Pillow on the same pixels, or, with --callgrind, repeatable instruction counts of
# the hot functions (timings on a shared 2-core machine are noisy; instruction counts are not).
#
#   scripts/measure/bench-core.sh [--runs N] [--pillow PYTHON] [--only rgb|rgba] [--width 800|2016] [--linear]
#   scripts/measure/bench-core.sh --callgrind [--only rgb|rgba] [--width 800|2016]
# The kernels are the best this CPU runs (AVX2 or SSE2, chosen at run time); to measure lower
# ones: ASPECTFIT_SIMD=sse2 (or scalar) scripts/measure/bench-core.sh ...
set -euo pipefail
cd "$(dirname "$0")/../.."

build=.build
if [[ "${1:-}" == "--build-path" ]]; then build=$2; shift 2; fi
swift build -c release --product aspectfit-bench --build-path "$build" >/dev/null
bench=$build/release/aspectfit-bench

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
