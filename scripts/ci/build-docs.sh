#!/usr/bin/env bash
# Builds AspectFit's documentation offline with the toolchain's own tools (the SwiftPM DocC plugin
# cannot be fetched here): the compiler's symbol graph from swift-symbolgraph-extract, then
# `docc convert` of Sources/AspectFit/AspectFit.docc with warnings as errors. Fails too when a
# public declaration has no /// comment (scripts/ci/check-doc-coverage.py).
#
# usage: scripts/ci/build-docs.sh [OUTPUT]     (default .build/docs/AspectFit.doccarchive)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-.build/docs/AspectFit.doccarchive}
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
graphs=.build/docs/symbol-graphs

# With the test command's flags, so after it this builds nothing (and leaves its .build as it was).
swift build -Xswiftc -O -Xswiftc -disable-cmo -Xcc -O2 -Xcxx -O2 --target AspectFit
bin=$(swift build -Xswiftc -O -Xswiftc -disable-cmo -Xcc -O2 -Xcxx -O2 --show-bin-path)
rm -rf "$graphs" "$out"
mkdir -p "$graphs"
"$toolchain/swift-symbolgraph-extract" -module-name AspectFit -target "$(uname -m)-unknown-linux-gnu" \
  -I "$bin/Modules" -Xcc -fmodule-map-file="$bin/CImageIO.build/module.modulemap" \
  -Xcc -I -Xcc Sources/CImageIO/include \
  -Xcc -fmodule-map-file="$bin/CResampleKernels.build/module.modulemap" -Xcc -I -Xcc Sources/CResampleKernels/include \
  -Xcc -fmodule-map-file="$bin/CFaceDetector.build/module.modulemap" -Xcc -I -Xcc Sources/CFaceDetector/include \
  -minimum-access-level public -output-dir "$graphs"
python3 scripts/ci/check-doc-coverage.py "$graphs"
"$toolchain/docc" convert Sources/AspectFit/AspectFit.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name AspectFit --fallback-bundle-identifier aspectfit.AspectFit \
  --output-path "$out" --warnings-as-errors
echo "docs: $out"
