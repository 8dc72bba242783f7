// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Like `-march=native`: when the building machine has AVX2 (and `ASPECTFIT_PORTABLE` is unset),
/// the resampler's AVX2 loops are compiled in (1.4-2x faster, see README "Performance"), in debug
/// and release alike so the tests cover them. Otherwise the SSE2 loops, which every x86-64 has.
let hostHasAVX2: Bool = {
    guard ProcessInfo.processInfo.environment["ASPECTFIT_PORTABLE"] == nil,
          let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return false }
    return cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").contains("avx2") ?? false
}()

/// Release builds of the library and the tools drop Swift's runtime checks from the
/// pixel loops; the checks stay on in debug builds, where the tests run.
let fastLoops: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release)),
] + (hostHasAVX2 ? [.unsafeFlags(["-target-cpu", "haswell"]), .define("ASPECTFIT_AVX2")] : [])

let package = Package(
    name: "aspectfit",
    products: [
        .library(name: "AspectFit", targets: ["AspectFit"]),
        .executable(name: "aspectfit", targets: ["aspectfit"]),
        .executable(name: "aspectfit-bench", targets: ["aspectfit-bench"]),
    ],
    targets: [
        .target(
            name: "CImageIO",
            cSettings: [.unsafeFlags(["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"])],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("lcms2")]
        ),
        .target(
            name: "AspectFit", dependencies: ["CImageIO"], swiftSettings: fastLoops,
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(name: "aspectfit", dependencies: ["AspectFit"], swiftSettings: fastLoops),
        .executableTarget(name: "aspectfit-bench", dependencies: ["AspectFit"], swiftSettings: fastLoops),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AspectFitTests", dependencies: ["AspectFit", "CImageIO", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["aspectfit", "TestSupport"]),
    ]
)
