#!/usr/bin/env bash
# The library as a versioned dependency: clones this repository's committed HEAD into a temporary
# directory, tags the clone 0.1.0, then builds and runs a tiny package that depends on it with
# `.package(url: "file://...", from: "0.1.0")`. SwiftPM refuses that when any target of the
# product has unsafe build flags, so this fails if Package.swift grows some again.
#
#   bash scripts/ci/check-consumer.sh        (commit first: the clone sees only committed work)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=$(mktemp -d /tmp/aspectfit-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT

git clone -q --no-hardlinks "$root" "$work/aspectfit"
git -C "$work/aspectfit" tag 0.1.0

mkdir -p "$work/consumer/Sources/consumer"
cat > "$work/consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(url: "file://$work/aspectfit", from: "0.1.0")],
    targets: [.executableTarget(name: "consumer", dependencies: [.product(name: "AspectFit", package: "aspectfit")])]
)
SWIFT
cat > "$work/consumer/Sources/consumer/main.swift" <<'SWIFT'
import AspectFit
import Foundation

// consumer INPUT OUTPUT: a 96x96 square JPEG of INPUT.
var options = FitOptions()
options.ratio = .square
options.size = .width(96)
let result = try Pipeline(options: options).run(try ImageFile.read(path: CommandLine.arguments[1]))
guard FileManager.default.createFile(atPath: CommandLine.arguments[2], contents: Data(result.bytes)) else { exit(1) }
SWIFT

cd "$work/consumer"
swift package resolve
resolved=$(grep -o '"version" *: *"[^"]*"' Package.resolved)
echo "check-consumer: resolved aspectfit $resolved"
[[ $resolved == *'"0.1.0"' ]] || { echo "check-consumer: expected version 0.1.0" >&2; exit 1; }
swift build 2>&1 | tail -1
swift run -q consumer "$root/samples/harvesters.jpg" "$work/out.jpg"
# An independent decoder reads the result back: a 96x96 JPEG.
djpeg -pnm -outfile "$work/out.ppm" "$work/out.jpg"
header=$(head -c 13 "$work/out.ppm" | tr '\n' ' ')
[[ $header == "P6 96 96 255 "* ]] || { echo "check-consumer: unexpected output: $header" >&2; exit 1; }
echo "check-consumer: ok (a package depending on aspectfit from: \"0.1.0\" builds and fits an image)"
