import Foundation
import Testing
import TestSupport

/// `--jpeg-encoder trellis|turbo` through the real binary: each writes its own tables (the first luma
/// step at -q 85: 3 for the trellis encoder's, 5 for Annex K), the default is turbo, a variant
/// chooses its own, every output decodes with djpeg at its size, a byte budget's quality search
/// works under either, and an unknown name is a usage error.
@Suite struct JPEGEncoderOptionTests {
    static func firstLumaStep(_ data: Data) throws -> Int? {
        try #require(JPEGMarkers([UInt8](data))).firstQuantisationTable.first
    }

    @Test func eachEncoderWritesItsOwnTablesInRunsAndVariants() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in.jpg")
        for (arguments, step) in [([String](), 5), (["--jpeg-encoder", "trellis"], 3), (["--jpeg-encoder", "turbo"], 5)] {
            let result = try sandbox.run(["-r", "4:3", "-w", "120"] + arguments + ["-o", "out.jpg", "in.jpg"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try Self.firstLumaStep(sandbox.data("out.jpg")) == step, "\(arguments)")
            let decoded = try ExternalTool.run(try ExternalTool.path("djpeg"), ["-pnm", sandbox.url("out.jpg").path])
            #expect(decoded.status == 0 && decoded.stderr.isEmpty && decoded.stdout.starts(with: Array("P6\n120 90\n".utf8)), "\(arguments)")
        }
        let variants = try sandbox.run(["-r", "4:3", "--jpeg-encoder", "turbo", "--variant", "-w 120 -o a/",
                                        "--variant", "-w 120 --jpeg-encoder trellis -o b/", "in.jpg"])
        #expect(variants.status == 0, "\(variants.stderr)")
        #expect(try Self.firstLumaStep(sandbox.data("a/in.jpg")) == 5)
        #expect(try Self.firstLumaStep(sandbox.data("b/in.jpg")) == 3)
    }

    @Test(arguments: ["trellis", "turbo"])
    func aByteBudgetSearchesTheQualityUnderEitherEncoder(encoder: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(OptionEffectTests.photo, to: "in.jpg")
        let plain = try sandbox.run(["-r", "4:3", "-w", "320", "--jpeg-encoder", encoder, "-o", "plain.jpg", "in.jpg"])
        #expect(plain.status == 0)
        let budget = try sandbox.data("plain.jpg").count * 2 / 3
        let fitted = try sandbox.run(["-r", "4:3", "-w", "320", "--jpeg-encoder", encoder, "--max-bytes", "\(budget)",
                                      "-o", "fitted.jpg", "in.jpg"])
        #expect(fitted.status == 0, "\(fitted.stderr)")
        let bytes = try sandbox.data("fitted.jpg")
        #expect(bytes.count <= budget && bytes.count > budget * 3 / 4, "\(encoder): \(bytes.count) for a budget of \(budget)")
        #expect(try Self.firstLumaStep(bytes) ?? 0 > (encoder == "turbo" ? 5 : 3), "a lower quality's coarser table")
    }

    @Test func anUnknownEncoderIsAUsageError() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["--jpeg-encoder", "mozjpeg", "-o", "out.jpg", "in.jpg"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid JPEG encoder 'mozjpeg' (expected trellis or turbo)"), "\(result.stderr)")
    }
}
