// swift-tools-version:6.0
import PackageDescription

/// Release builds of the library and the tools drop Swift's runtime checks from the
/// pixel loops; the checks stay on in debug builds, where the tests run.
let fastLoops: [SwiftSetting] = [
    .unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release)),
]

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
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]
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
