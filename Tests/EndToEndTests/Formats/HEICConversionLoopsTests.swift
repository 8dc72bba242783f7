import Foundation
import Testing
import TestSupport

/// HEVC tiles are converted from YCbCr to RGB by a scalar, an SSE2 or an AVX2 loop: the CPU's best,
/// or a lower one that `ASPECTFIT_SIMD` names, as for the resampler's kernels. Every HEIC kind
/// (Tests/HEIFGridSet: 4:2:0, 4:2:2, 4:4:4, limited range, turned and mirrored tiles written straight
/// to their upright places) gives the same bytes through each loop, whole and cropped at odd columns
/// and rows. The library tests hold the CPU's best loop to libheif's own conversion.
@Suite(.tags(.pipeline)) struct HEICConversionLoopsTests {
    static let fits: [(name: String, arguments: [String])] = [
        ("whole", []), ("tall", ["-r", "5:7"]), ("wide", ["-r", "7:5"]), ("small", ["-r", "1:1", "-w", "61"]),
    ]

    @Test func everyLoopGivesTheSameBytes() throws {
        let folder = Corpus.projectRoot.appendingPathComponent("Tests/HEIFGridSet")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".heic") && !$0.hasPrefix("av1-") && !$0.contains("-broken-") }.sorted()
        #expect(files.count >= 20)
        let sandbox = try Sandbox()
        for file in files {
            try Data(contentsOf: folder.appendingPathComponent(file)).write(to: sandbox.url(file))
        }
        var oddColumns = 0, oddRows = 0
        for fit in Self.fits {
            var best: [String: Data] = [:]
            for loops in ["best", "sse2", "scalar"] {
                let result = try sandbox.run(["--json", "-j", "1"] + fit.arguments + ["-f", "png", "-o", "\(loops)-\(fit.name)/"] + files,
                                             environment: loops == "best" ? [:] : ["ASPECTFIT_SIMD": loops])
                try #require(result.status == 0, "\(fit.name), \(loops): \(result.stderr)")
                for record in result.jsonLines where loops == "best" {
                    guard let crop = record["crop"] as? [String: Any] else { continue }
                    oddColumns += (crop["x"] as? Int ?? 0) % 2
                    oddRows += (crop["y"] as? Int ?? 0) % 2
                }
                for output in sandbox.files(under: "\(loops)-\(fit.name)") {
                    let bytes = try sandbox.data("\(loops)-\(fit.name)/\(output)")
                    if loops == "best" {
                        best[output] = bytes
                    } else {
                        #expect(bytes == best[output], "\(output), \(fit.name): \(loops) differs from the CPU's best loop")
                    }
                }
            }
            #expect(best.count == files.count, "\(fit.name)")
        }
        #expect(oddColumns > 0 && oddRows > 0)
    }
}
