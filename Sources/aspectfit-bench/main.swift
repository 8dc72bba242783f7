import AspectFit
import Foundation

/// aspectfit-bench: single-threaded Lanczos3 core speed on a 4032x3024 synthetic photo, beside
/// Pillow-SIMD (and plain Pillow) resizing the same pixels in the same run.
///
/// Usage: aspectfit-bench [--runs N] [--pillow PYTHON] [--filter NAME] [--linear] [--only rgb|rgba] [--width W]
var runs = 7
var pythons = ["/work/main/.bench/simd/bin/python", "/work/main/.bench/pillow/bin/python"]
var filter = Filter.lanczos3
var linearLight = false
var layouts = [PixelLayout.rgb8, .rgba8]
var sizes = [(800, 600), (2016, 1512)]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--runs": runs = max(1, Int(arguments.popFirst() ?? "") ?? runs)
    case "--pillow": pythons = [arguments.popFirst() ?? ""]
    case "--filter":
        do { filter = try Filter(parsing: arguments.popFirst() ?? "") } catch { print(error); exit(2) }
    case "--linear": linearLight = true
    case "--only": layouts = arguments.popFirst() == "rgba" ? [.rgba8] : [.rgb8]
    case "--width":
        let width = Int(arguments.popFirst() ?? "")
        sizes = sizes.filter { $0.0 == width }
    default:
        print("usage: aspectfit-bench [--runs N] [--pillow PYTHON] [--filter NAME] [--linear] [--only rgb|rgba] [--width 800|2016]")
        exit(argument == "--help" ? 0 : 2)
    }
}

let (sourceWidth, sourceHeight) = (4032, 3024)
let sourceMegapixels = Double(sourceWidth * sourceHeight) / 1e6
let peers = pythons.compactMap { python -> (String, PillowComparison)? in
    let pillow = PillowComparison(python: python, runs: runs)
    guard let version = pillow.version() else { return nil }
    return (python.contains("simd") ? "Pillow-SIMD \(version)" : "Pillow \(version)", pillow)
}
print("aspectfit-bench: \(filter) \(linearLight ? "linear light" : "sRGB"), \(sourceWidth)x\(sourceHeight) source, 1 thread, median of \(runs)")
for python in pythons where !peers.contains(where: { $0.1.python == python }) {
    print(python.contains("simd") ? "Pillow-SIMD: not installed (run ../shared/bench/setup.sh)" : "\(python): no Pillow, skipped")
}

func report(_ name: String, _ seconds: Double) {
    let ms = seconds * 1000
    let label = name.padding(toLength: 28, withPad: " ", startingAt: 0)
    print("  \(label) \(String(format: "%8.2f", ms)) ms  \(String(format: "%7.0f", sourceMegapixels / seconds)) Mpix/s")
}

for layout in layouts {
    let image = try SyntheticPhoto.make(width: sourceWidth, height: sourceHeight, layout: layout)
    for (width, height) in sizes {
        print("\(layout) -> \(width)x\(height)")
        let resampler = Resampler(filter: filter, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
                                  crop: Box(x: 0, y: 0, width: Double(sourceWidth), height: Double(sourceHeight)),
                                  outputWidth: width, outputHeight: height, layout: layout, linearLight: linearLight)
        var output = try PixelBuffer(width: width, height: height, layout: layout)
        let seconds = Stopwatch.median(runs: runs) {
            image.bytes.withUnsafeBytes { bytes in
                let rowBytes = image.bytesPerRow
                for y in resampler.sourceRows {
                    resampler.consume(row: UnsafeRawBufferPointer(rebasing: bytes[y * rowBytes ..< (y + 1) * rowBytes]), y: y)
                }
            }
            resampler.finish(into: &output)
        }
        report("aspectfit", seconds)
        for (name, pillow) in peers {
            if let ms = pillow.milliseconds(image, width: width, height: height) { report(name, ms / 1000) }
        }
    }
}
