#!/bin/sh
# Line/branch coverage of the C bridge by the fuzz corpora: rebuilds the fuzz target with clang
# source-based coverage, replays fuzz/out/corpus-* and fuzz/regressions once (-runs=0) and prints
# llvm-cov's report for Sources/CImageIO. Usage: fuzz/coverage.sh   (after fuzz/run.sh)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/fuzz/out/coverage
mkdir -p "$out"
"$(command -v clang-14 || command -v clang)" -g -O0 -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping \
    -I"$root/Sources/CImageIO/include" -I"$root/Sources/CImageIO" \
    "$root/fuzz/decode_fuzzer.c" $(find "$root/Sources/CImageIO" -name "*.c") -ljpeg -lpng16 -lz -ldeflate -llcms2 -lwebp -lwebpmux -lwebpdemux -lde265 -lgif -o "$out/decode_fuzzer"
rm -f "$out"/*.profraw
LLVM_PROFILE_FILE="$out/%p.profraw" "$out/decode_fuzzer" -runs=0 -rss_limit_mb=2048 -max_len=1100000 \
    "$root"/fuzz/out/corpus-* "$root/fuzz/regressions" > "$out/replay.log" 2>&1
llvm-profdata-14 merge -sparse "$out"/*.profraw -o "$out/merged.profdata"
llvm-cov-14 report "$out/decode_fuzzer" -instr-profile="$out/merged.profdata" $(find "$root/Sources/CImageIO" -name "*.c")
