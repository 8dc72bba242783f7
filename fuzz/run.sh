#!/bin/sh
# Builds the cimageio libFuzzer target (clang 14, ASan + UBSan) and fuzzes it with one worker.
# Usage: fuzz/run.sh [MINUTES] [TARGET]   (from anywhere; defaults: 10 minutes, all)
#   TARGET jpeg|png|webp|avif|heif|gif|all picks the seeds from ../shared/corpus (that format's files, or all;
#   the bad/ folder is always included). The corpus itself is only read. TARGET encode fuzzes the trellis
#   JPEG encoder instead (encode_fuzzer.c: pixels and settings from the input, no seeds).
# Output under fuzz/out/: the binary, corpus-TARGET/ (seeds + what libFuzzer adds),
# crash-*/leak-*/timeout-* reproducers in artifacts/, and fuzz-TARGET.log.
# Needs apt packages clang-14 and libclang-rt-14-dev (libFuzzer + sanitizer runtimes).
set -eu
minutes=${1:-10}
target=${2:-all}
case $target in jpeg|png|webp|avif|heif|gif|all|encode) ;; *) echo "TARGET must be jpeg, png, webp, avif, heif, gif, all or encode" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/fuzz/out
corpus=${CORPUS:-$root/../shared/corpus}
mkdir -p "$out/artifacts"
if [ "$target" = encode ]; then
    "$(command -v clang-14 || command -v clang)" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I"$root/Sources/CImageIO/include" -I"$root/Sources/CImageIO" \
        "$root/fuzz/encode_fuzzer.c" $(find "$root/Sources/CImageIO" -name "*.c") -ljpeg -lpng16 -lz -ldeflate -llcms2 -lwebp -lwebpmux -lwebpdemux -lde265 -lgif -o "$out/encode_fuzzer"
    mkdir -p "$out/corpus-encode"
    cd "$out"
    exec ./encode_fuzzer "$out/corpus-encode" -max_total_time=$((minutes * 60)) -rss_limit_mb=2048 -timeout=10 -max_len=30000 \
        -print_final_stats=1 -artifact_prefix="$out/artifacts/" > "$out/fuzz-encode.log" 2>&1
fi
"$(command -v clang-14 || command -v clang)" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$root/Sources/CImageIO/include" -I"$root/Sources/CImageIO" \
    "$root/fuzz/decode_fuzzer.c" $(find "$root/Sources/CImageIO" -name "*.c") -ljpeg -lpng16 -lz -ldeflate -llcms2 -lwebp -lwebpmux -lwebpdemux -lde265 -lgif -o "$out/decode_fuzzer"
python3 "$root/fuzz/seed.py" "$out/seeds-$target" "$target" "$corpus" "$root/Tests/HEIFGridSet"
mkdir -p "$out/corpus-$target"
# One process (no -jobs/-workers): the machine has 2 cores and other work runs on it; it stops
# at the first finding. -timeout catches hangs, -rss_limit_mb unbounded allocations (bombs).
cd "$out"
# the other targets' corpora seed this one too (libFuzzer only adds to the first folder)
others=$(for d in "$out"/corpus-*; do if [ "$d" != "$out/corpus-$target" ] && [ -d "$d" ]; then echo "$d"; fi; done)
exec ./decode_fuzzer "$out/corpus-$target" "$out/seeds-$target" "$root/fuzz/regressions" $others \
    -max_total_time=$((minutes * 60)) -rss_limit_mb=2048 -timeout=10 -max_len=1100000 \
    -print_final_stats=1 -artifact_prefix="$out/artifacts/" \
    > "$out/fuzz-$target.log" 2>&1
