// swift-tools-version:6.0
import PackageDescription

/// No unsafe flags, so the package can be a versioned dependency and its binaries run on any
/// x86-64: the resampler picks its SSE2 or AVX2 kernels (CResampleKernels) at run time.
let package = Package(
    name: "aspectfit",
    products: [
        .library(name: "AspectFit", targets: ["AspectFit"]),
        .executable(name: "aspectfit", targets: ["aspectfit"]),
        .executable(name: "aspectfit-bench", targets: ["aspectfit-bench"]),
    ],
    targets: [
        // libheif, libde265 and libavif are opened on first use (codec_library.h), not linked.
        .target(
            name: "CImageIO",
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("lcms2"),
                            .linkedLibrary("webp"), .linkedLibrary("webpmux"), .linkedLibrary("webpdemux"), .linkedLibrary("gif")]
        ),
        .target(name: "CResampleKernels"),
        // dlib's frontal face detector behind a C API (C++ stays inside). Only dlib's headers: the
        // detector needs nothing from libdlib, and its model's filters come already split (no LAPACK).
        .target(name: "CFaceDetector"),
        .target(
            name: "AspectFit", dependencies: ["CImageIO", "CResampleKernels", "CFaceDetector"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .executableTarget(name: "aspectfit", dependencies: ["AspectFit"]),
        .executableTarget(name: "aspectfit-bench", dependencies: ["AspectFit"]),
        .target(name: "TestSupport", dependencies: ["AspectFit"], path: "Tests/TestSupport"),
        .testTarget(name: "AspectFitTests", dependencies: ["AspectFit", "TestSupport"]),
        .executableTarget(name: "heartbeat-check", dependencies: ["AspectFit"], path: "Tests/HeartbeatCheck"),
        .testTarget(name: "EndToEndTests", dependencies: ["aspectfit", "heartbeat-check", "AspectFit", "TestSupport"]),
    ]
)
