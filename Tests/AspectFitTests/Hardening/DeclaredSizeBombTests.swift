import TestSupport
import AspectFit
import Testing

/// Headers that declare giant images (a few hundred bytes of file) are refused on the header,
/// before any pixel allocation, and fast. The files are built in memory.
@Suite(.serialized) struct DeclaredSizeBombTests {  // serialized: it bounds CPU time
    /// A PNG header for `side` x `side` RGBA with one tiny IDAT.
    static func pngBomb(side: UInt32) -> [UInt8] {
        PNGBytes.signature + PNGBytes.ihdr(width: side, height: side, colorType: 6)
            + PNGBytes.chunk("IDAT", PNGBytes.storedZlib([0, 0, 0, 0, 0])) + PNGBytes.chunk("IEND", [])
    }

    /// A baseline JPEG header (SOF0) for `side` x `side` followed by a scan header and EOI.
    static func jpegBomb(side: Int) -> [UInt8] {
        let dht = JPEGBytes.segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
        let sos = JPEGBytes.segment(0xDA, [3, 1, 0, 2, 0, 3, 0, 0, 63, 0])
        return JPEGBytes.header(width: side, height: side, marker: 0xC0) + dht + sos + [0, 0, 0xFF, 0xD9]
    }

    /// Decodes (buffer and streaming forms) expecting `.tooLarge`; returns the slower duration.
    static func expectRefusedQuickly(_ data: [UInt8]) -> Duration {
        var slowest = Duration.zero
        for streaming in [false, true] {
            let start = ThreadCPUTime.now()
            do {
                if streaming {
                    _ = try ImageFile.decodeRows(data, start: { _, _ in Issue.record("rows started") }, row: { _, _ in })
                } else {
                    _ = try ImageFile.decode(data)
                }
                Issue.record("a giant header decoded")
            } catch let error as ImageIOError {
                guard case .tooLarge = error else { Issue.record("not .tooLarge: \(error)"); continue }
            } catch {
                Issue.record("unexpected error \(error)")
            }
            slowest = max(slowest, ThreadCPUTime.now() - start)
        }
        return slowest
    }

    @Test(arguments: [60_000, 100_000] as [UInt32])
    func giantPNGHeadersAreRefusedBeforeAllocation(side: UInt32) throws {
        let bomb = Self.pngBomb(side: side)
        let info = try ImageFile.probe(bomb)
        #expect(info.width == Int(side) && info.height == Int(side))
        #expect(Self.expectRefusedQuickly(bomb) < .milliseconds(100))
    }

    @Test func aGiantJPEGHeaderIsRefusedBeforeAllocation() throws {
        let bomb = Self.jpegBomb(side: 60_000)
        let info = try ImageFile.probe(bomb)
        #expect(info.width == 60_000 && info.height == 60_000)
        #expect(Self.expectRefusedQuickly(bomb) < .milliseconds(100))
    }

    @Test func jpegSizesBeyondLibjpegsMaximumAreCorrupt() {
        // 65535 is over libjpeg's JPEG_MAX_DIMENSION (65500): refused while parsing the header
        #expect(throws: ImageIOError.self) { try ImageFile.decode(Self.jpegBomb(side: 65_535)) }
    }
}
