import Foundation
import Testing
import TestSupport

/// Sizes on the command line: requests no input could meet are usage errors before any work, and
/// `--max-pixels` takes decimal K/M/G suffixes. The limits are the published ones: 65535 pixels
/// per side (JPEG's 16-bit sides) and 268402689 (16383 x 16383) pixels in all.
@Suite struct SizeOptionTests {
    @Test(arguments: [
        ["-w", "70000"], ["-H", "65536"], ["--max", "70000"], ["-s", "70000x10"], ["-s", "10x65536"],
        ["-s", "20000x20000"],                      // each side fits, the area does not
        ["-r", "1:100", "-w", "1000"],              // height 100000
        ["-r", "100:1", "-H", "1000"],              // width 100000
        ["-r", "1:1", "-w", "20000"],               // 400 Mpx
        ["-r", "1:1", "--max", "16384"],            // 16384 x 16384, one row over the area limit
        ["-w", "20000", "-H", "20000"],
    ])
    func sizesNoInputCanMeetAreUsageErrors(arguments: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        for extra in [[], ["--dry-run"]] {
            let result = try sandbox.run(arguments + extra + ["-o", "out/", "a.jpg"])
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("no input can be made that size"), "\(result.stderr)")
            #expect(result.stderr.contains("65535") || result.stderr.contains("268402689"), "the message states the limit: \(result.stderr)")
        }
        #expect(sandbox.files(under: ".") == ["a.jpg"])
    }

    /// Just inside the limits, or possible for some inputs, is planned as usual.
    @Test(arguments: [
        ["-r", "1000:1", "-w", "65535"],            // 65535 x 66
        ["-r", "1:1", "--max", "16383"],            // exactly the area limit
        ["-H", "65535"],                            // a 1-pixel-wide source could give it
        ["-w", "70000", "--no-enlarge"],            // a small source gives its own size
        ["-r", "1:100", "-w", "1000", "--no-enlarge"],
    ])
    func sizesSomeInputCanMeetArePlanned(arguments: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let result = try sandbox.run(arguments + ["--dry-run", "--json", "a.jpg"])
        #expect(result.status != 2, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("no input can be made"))
    }

    /// harvesters is 1165 x 859 = 1000735 pixels: decimal 1M (1000000) refuses it where a binary
    /// 1M (1048576) would not; 1001K and the exact count accept it. A fraction is fine with a suffix.
    @Test(arguments: [("1M", false), ("1000734", false), ("1000735", true), ("1001K", true), ("1m", false), ("0.001G", false), ("1.0015M", true), ("1.5", nil),
                      ("1G", true), ("2M", true), ("M", nil), ("-1M", nil), ("1T", nil), ("9999999999G", nil)] as [(String, Bool?)])
    func maxPixelsTakesDecimalSuffixes(limit: String, accepted: Bool?) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "h.jpg")
        let result = try sandbox.run(["--max-pixels", limit, "-w", "32", "-o", "out/", "h.jpg"])
        switch accepted {
        case nil:
            #expect(result.status == 2 && result.stderr.contains("--max-pixels: invalid pixel count"), "\(limit): \(result.stderr)")
        case true?:
            #expect(result.status == 0, "\(limit): \(result.stderr)")
            #expect(sandbox.exists("out/h.jpg"))
        case false?:
            #expect(result.status == 1, "\(limit): \(result.stderr)")
            #expect(!sandbox.exists("out/h.jpg"))
        }
    }
}
