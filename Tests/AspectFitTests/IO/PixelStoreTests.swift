import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// A `PixelStore` lends each whole-image decode the memory of the last one. Whatever came before,
/// a decode through it gives the bytes of a fresh decode: the memory is zeroed again, so the parts a
/// decoder leaves unwritten (rows missing from a truncated file, a GIF canvas its first frame does
/// not cover) show nothing of the previous image.
@Suite struct PixelStoreTests {
    @Test func decodesThroughOneStoreEqualFreshDecodes() throws {
        guard try Corpus.require() else { return }
        let grids = try FileManager.default.contentsOfDirectory(atPath: HEIFGridSet.folder.path)
            .filter { $0.hasSuffix(".heic") }.sorted().map(HEIFGridSet.path)
        let files = ["webp", "avif", "heic", "gif"].flatMap { Corpus.files(in: $0) }.filter { !$0.contains("/bad-") } + grids
        #expect(files.count >= 60)
        let store = PixelStore()
        let options = DecodeOptions(failOnTruncation: false)
        var compared = 0
        for file in files + files.reversed() {
            let data = try ImageFile.read(path: file)
            guard let fresh = try? ImageFile.decode(data, options: options) else { continue }
            var rows: [UInt8] = []
            _ = try data.withUnsafeBytes { bytes in
                try ImageFile.decodeRows(bytes, options: options, store: store, start: { _, _ in }, row: { _, pixels in rows += pixels })
            }
            #expect(Bytes(rows) == Bytes(fresh.pixels.packedBytes), "\(file)")
            compared += 1
        }
        #expect(compared >= 100)
    }
}
