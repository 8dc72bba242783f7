// swift-tools-version:6.0
import Foundation
import PackageDescription

/// No unsafe flags by default, so the package can be a versioned dependency and its binaries run on
/// any x86-64: the resampler picks its SSE2 or AVX2 kernels at run time (CResampleKernels).
/// `ASPECTFIT_NATIVE=1 swift build -c release` is for building this package itself on the machine
/// that runs it: Swift without runtime checks and C tuned for the building CPU (see README
/// "Development"). SwiftPM refuses such a package as a dependency.
let native = ProcessInfo.processInfo.environment["ASPECTFIT_NATIVE"] == "1"
let nativeSwift: [SwiftSetting] = native ? [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))] : []
let nativeC: [CSetting] = native ? [.unsafeFlags(["-march=native"], .when(configuration: .release))] : []

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
            cSettings: nativeC,
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]
        ),
        .target(name: "CResampleKernels", cSettings: nativeC),
        .target(
            name: "AspectFit", dependencies: ["CImageIO", "CResampleKernels"], swiftSettings: nativeSwift,
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(name: "aspectfit", dependencies: ["AspectFit"], swiftSettings: nativeSwift),
        .executableTarget(name: "aspectfit-bench", dependencies: ["AspectFit"], swiftSettings: nativeSwift),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AspectFitTests", dependencies: ["AspectFit", "CImageIO", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["aspectfit", "TestSupport"]),
    ]
)
