import AspectFit
import Foundation
import Testing
import TestSupport

/// Deflate-based PNG bombs end with an error or a warning in bounded time: surplus IDAT data
/// after the image (the bridge bounds it), oversized iCCP (libpng's chunk malloc limit), text
/// chunks (never inflated) and floods of ancillary chunks.
@Suite(.serialized) struct ZlibBombTests {  // serialized: it bounds CPU time
    static func bomb(_ name: String) throws -> [UInt8] {
        try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("fuzz/regressions/bombs/\(name)").path)
    }

    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let start = ThreadCPUTime.now()
        let value = try body()
        return (value, ThreadCPUTime.now() - start)
    }

    @Test(arguments: ["idat-zeros-1x1.png", "idat-zeros-1x1-adam7.png"], [true, false])
    func surplusIDATDataAfterTheImageFails(file: String, failOnTruncation: Bool) throws {
        // 1x1 grey whose zlib stream holds 1 GiB of zeros (fuzz/make-bombs.py); unbounded it took 4-6 s
        let data = try Self.bomb(file)
        let (outcome, elapsed) = Self.timed { Result { () throws(ImageIOError) in
            try ImageFile.decode(data, options: DecodeOptions(failOnTruncation: failOnTruncation))
        } }
        #expect(throws: ImageIOError.corrupt(
            "corrupt PNG: compressed image data goes on long after the last row (decompression bomb)")) {
            try outcome.get()
        }
        #expect(elapsed < .seconds(2))
    }

    @Test func aLittleSurplusDataIsOnlyAWarning() throws {
        // 1 KB of zeros after the single row: libpng's "Too much image data", accepted with a warning
        let png = PNGBytes.signature + PNGBytes.ihdr(width: 1, height: 1)
            + PNGBytes.chunk("IDAT", PNGBytes.storedZlib([UInt8](repeating: 0, count: 1026)))
            + PNGBytes.chunk("IEND", [])
        let decoded = try ImageFile.decode(png)
        #expect(decoded.pixels.bytes == [0])
        #expect(decoded.warnings.contains { $0.contains("Too much image data") }, "\(decoded.warnings)")
    }

    @Test func aWideStoredLastRowIsWithinTheAllowance() throws {
        // one 300000-pixel row stored uncompressed: all its compressed data is read after "all rows
        // but the last", so the allowance must cover a whole raw row
        let png = PNGBytes.grayImage(width: 300_000, height: 1)
        let decoded = try ImageFile.decode(png)
        #expect(decoded.pixels.width == 300_000 && decoded.warnings.isEmpty)
    }

    @Test func anICCPProfileOverTheChunkLimitIsDropped() throws {
        // a 9 MB profile (libpng's chunk malloc limit is set to 8 MB), its header saying so:
        // dropped with a warning before libpng allocates it
        let size = 9_000_000
        let profile = PNGBytes.bigEndian(UInt32(size)) + [UInt8](repeating: 0, count: size - 4)
        let iccp = PNGBytes.chunk("iCCP", Array("icc".utf8) + [0, 0] + PNGBytes.storedZlib(profile))
        let png = PNGBytes.grayImage(width: 4, height: 4, extra: iccp)
        let (info, elapsed) = try Self.timed { try ImageFile.probe(png) }
        #expect(info.iccProfile == nil)
        let decoded = try ImageFile.decode(png)
        #expect(decoded.warnings.contains { $0.contains("exceeds application limits") }, "\(decoded.warnings)")
        #expect(elapsed < .seconds(2))
    }

    @Test func textChunkBombsAreNeverInflated() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("bad/zTXt-decompression-bomb-pillow.png"))
        let (_, elapsed) = Self.timed { _ = try? ImageFile.decode(data) }
        #expect(elapsed < .seconds(1))
    }

    @Test func aHundredThousandAncillaryChunksDecodeInBoundedTime() throws {
        // unknown ancillary chunks are discarded one by one (libpng's chunk cache limit is 1000)
        let one = PNGBytes.chunk("teSt", [1, 2, 3, 4]) + PNGBytes.chunk("tEXt", Array("k\u{0}v".utf8))
        var extra: [UInt8] = []
        extra.reserveCapacity(one.count * 50_000)
        for _ in 0 ..< 50_000 { extra += one }
        let png = PNGBytes.grayImage(width: 8, height: 8, extra: extra)
        let (decoded, elapsed) = try Self.timed { try ImageFile.decode(png) }
        #expect(decoded.pixels.bytes.allSatisfy { $0 == 0 })
        #expect(elapsed < .seconds(2))
    }

    @Test func aChunkLengthPastTheEndIsTruncation() {
        let png = PNGBytes.signature + PNGBytes.ihdr(width: 8, height: 8)
            + PNGBytes.bigEndian(0x7FFF_FFFF) + Array("IDAT".utf8) + [0x78, 0x01, 0, 0]
        #expect(throws: ImageIOError.truncated("truncated PNG data")) { try ImageFile.decode(png) }
    }
}
