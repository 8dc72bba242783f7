import AspectFit
import Testing
import TestSupport

/// Progressive and multi-scan JPEGs need whole-image coefficient buffers; libjpeg's memory budget
/// (4 bytes per pixel of `maxPixels`, at least 16 MB) refuses files whose needs are absurd for
/// their size before allocating.
@Suite(.serialized) struct JPEGMemoryBudgetTests {  // serialized: it bounds CPU time
    @Test func aSmallProgressiveFileAskingForGigabytesIsRefused() throws {
        // 1.5 MB, 16000x16000 4:4:4 with a valid DC scan: 1.5 GB of coefficients (fuzz/make-bombs.py)
        let path = Corpus.projectRoot.appendingPathComponent("fuzz/regressions/bombs/progressive-16000x16000.jpg").path
        let data = try ImageFile.read(path: path)
        let start = ThreadCPUTime.now()
        #expect(throws: ImageIOError.limitExceeded(
            "JPEG too large: progressive or multi-scan decoding needs more than the 1023 MB memory budget")) {
            try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: 8))
        }
        #expect(ThreadCPUTime.now() - start < .seconds(1))
    }

    @Test func theBudgetFollowsThePixelLimit() throws {
        // 2048x2048 at 4:4:4 needs 24 MB of coefficients: over the budget of a limit of exactly
        // its pixel count (16 MB), within the budget of an 8 Mpx limit (32 MB)
        let image = JPEGBytes.greyProgressive(width: 2048, height: 2048)
        #expect(throws: ImageIOError.self) {
            try ImageFile.decode(image, options: DecodeOptions(maxPixels: 2048 * 2048))
        }
        let decoded = try ImageFile.decode(image, options: DecodeOptions(maxPixels: 8_000_000))
        #expect(decoded.pixels.width == 2048 && decoded.pixels.bytes.allSatisfy { $0 == 128 })
    }

    @Test func baselineJPEGsNeedNoWholeImageBuffers() throws {
        guard try Corpus.require() else { return }
        // 20000x14000 baseline under a limit just above its size: the first rows decode
        let data = try ImageFile.read(path: Corpus.path("bad/huge-valid-20000x14000.jpg"))
        let options = DecodeOptions(maxPixels: 20000 * 14000, region: PixelRect(x: 0, y: 0, width: 20000, height: 8))
        #expect(try ImageFile.decode(data, options: options).pixels.height == 8)
    }
}
