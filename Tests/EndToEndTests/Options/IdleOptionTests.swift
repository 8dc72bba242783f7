import Foundation
import Testing
import TestSupport

/// An option no output of the run reads (a JPEG setting for a PNG, a PNG setting for a JPEG; a
/// `--background` with nothing to fill: BackgroundTests) gets one warning line per run, not per file and not an
/// error; one that some output reads (variants, `-f auto` over mixed inputs) gets none. And a size
/// over the limit of the format the name or `-f` fixes is a usage error before any work.
@Suite struct IdleOptionTests {
    @Test(arguments: [
        (["-q", "10", "--progressive", "-o", "o/x.png"], ["--progressive does nothing in this run: it is for JPEG output, and this run writes PNG",
                                                        "--quality does nothing in this run: it is for JPEG output, and this run writes PNG"]),
        (["--png-compression", "9", "-o", "o/x.jpg"], ["--png-compression does nothing in this run: it is for PNG output, and this run writes JPEG"]),
        (["--png-depth", "16", "-o", "o/x.jpg"], ["--png-depth does nothing in this run: it is for PNG output, and this run writes JPEG"]),
        (["--chroma444", "-f", "png", "-o", "o/"], ["--chroma444 does nothing in this run: it is for AVIF and JPEG output, and this run writes PNG"]),
        (["--webp-lossless", "--avif-speed", "4", "-o", "o/"], ["--avif-speed does nothing in this run: it is for AVIF output, and this run writes JPEG, PNG",
                                                              "--webp-lossless does nothing in this run: it is for WebP output, and this run writes JPEG, PNG"]),
        (["--chroma444", "-f", "avif", "-o", "o/"], []),
        (["-q", "50", "--variant", "-f png -o v/", "--variant", "-f jpeg -o w/"], []),
        (["--fast-png", "-o", "o/"], []),   // auto: the PNG input is written as PNG
    ] as [([String], [String])])
    func anOptionNoOutputReadsWarnsOnce(arguments: [String], warnings: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.copy(Samples.jpeg, to: "b.jpg")
        try sandbox.copy(Samples.png, to: "c.png")
        let inputs = arguments.contains("o/x.png") || arguments.contains("o/x.jpg") ? ["a.jpg"] : ["a.jpg", "b.jpg", "c.png"]
        let result = try sandbox.run(["-w", "40"] + arguments + inputs)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("aspectfit: warning: ") }
        #expect(lines == warnings.map { "aspectfit: warning: " + $0 }, "\(result.stderr)")
    }

    @Test(arguments: [
        (["-s", "65501x1", "-o", "wide.jpg"], "65501x1 is over the limit of 65500 per side of JPEG output"),
        (["-w", "20000", "-f", "webp"], "the requested width 20000 is over the limit of 16383 per side of WebP output"),
        (["-w", "16384", "-o", "t/{name}.webp"], "the requested width 16384 is over the limit of 16383 per side of WebP output"),
        (["-w", "70000"], "the requested width 70000 is over the limit of 65535 per side"),
    ])
    func aSizeOverTheFixedFormatsLimitIsAUsageError(arguments: [String], message: String) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(arguments + ["missing.jpg"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no input can be made that size: " + message), "\(result.stderr)")
    }

    @Test func aSizeWithinTheNamedFormatsLimitIsPlanned() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let result = try sandbox.run(["--dry-run", "-s", "65501x1", "-o", "wide.png", "a.jpg"])
        #expect(result.status == 0, "PNG's limit is 65535: \(result.stderr)")
    }
}
