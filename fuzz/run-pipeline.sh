#!/usr/bin/env bash
# Builds the libFuzzer target for the whole Swift pipeline (fuzz/PipelineFuzzer.swift: options from
# the first byte, then probe, plan, decode, resample, corners, encode) and fuzzes it with one
# process for MINUTES (default 10). The library is built by SwiftPM with -sanitize=fuzzer,address
# (debug: Swift's overflow and bounds traps stay on); findings land in fuzz/out/artifacts-pipeline/.
#   bash fuzz/run-pipeline.sh [MINUTES]      (run from anywhere; needs the corpus at ../shared/corpus)
set -euo pipefail
minutes=${1:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/fuzz/out
build=$root/.build-fuzz
corpus=${CORPUS:-$root/../shared/corpus}
cd "$root"
# -Xswiftc -sanitize=fuzzer: SwiftPM's --sanitize=fuzzer alone gives the Swift code no coverage counters
swift build --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer --build-path "$build" --target AspectFit >/dev/null
lib=$build/debug
swiftc -sanitize=fuzzer,address -parse-as-library -g fuzz/PipelineFuzzer.swift -I "$lib/Modules" \
    -Xcc -fmodule-map-file="$lib/CImageIO.build/module.modulemap" "$lib"/AspectFit.build/*.o "$lib"/CImageIO.build/*.o \
    -ljpeg -lpng16 -lz -ldeflate -llcms2 -lwebp -lwebpmux -lwebpdemux -lde265 -lgif -lm -o "$out/pipeline_fuzzer" 2> >(grep -v "Cannot export local symbol" >&2)
# Seeds: every corpus image under 300 KB, behind four different option bytes.
seeds=$out/seeds-pipeline
mkdir -p "$seeds" "$out/corpus-pipeline" "$out/artifacts-pipeline"
n=0
for f in "$corpus"/jpeg/*.jpg "$corpus"/png-extra/*.png "$corpus"/pngsuite/*.png "$corpus"/bad/* "$corpus"/exif-orientation/*_[1-8].jpg; do
  [ "$(stat -c %s "$f")" -lt 300000 ] || [[ $f == *exif-orientation* ]] || continue
  for b in 00 5a a7 f3; do printf "\\x$b" | cat - "$f" > "$seeds/$n-$b"; done
  n=$((n + 1))
done
cd "$out"
exec ./pipeline_fuzzer "$out/corpus-pipeline" "$seeds" -max_total_time=$((minutes * 60)) -rss_limit_mb=2048 \
    -timeout=20 -max_len=400000 -print_final_stats=1 -artifact_prefix="$out/artifacts-pipeline/" \
    > "$out/fuzz-pipeline.log" 2>&1
