import AspectFit
import Foundation
import Testing
import TestSupport

/// Damaged and hostile WebP, AVIF, HEIF and GIF files: MANIFEST's rejects fail with one line naming
/// the format (or the limit they break), cut copies of every decodable file fail cleanly or decode
/// what the cut left whole, and sizes over the pixel limit are refused from the header, before
/// anything is allocated or decoded.
@Suite(.serialized) struct ReadOnlyFormatRejectTests {  // serialized: it bounds CPU time
    static let folders = ["webp", "avif", "heic", "gif"]
    static let entries = Corpus.manifest().filter { entry in folders.contains { entry.path.hasPrefix("\($0)/") } }

    @Test func rejectedFilesFailWithOneLineNamingTheFormat() throws {
        guard try Corpus.require() else { return }
        let rejects = Self.entries.filter { $0.expected == "reject" }
        #expect(rejects.count >= 13)
        for (entry, data, error) in try BadCorpusTests.refusals(rejects) {
            if case .tooLarge = error { continue }
            let format = ImageFile.format(ofPrefix: Array(data.prefix(ImageFile.signatureLength)))
            let named = format.map(\.name) ?? "not a JPEG, PNG, WebP, AVIF, HEIF or GIF"
            #expect(error.description.contains(named), "\(entry.path): \(error)")
        }
    }

    /// Cut at the start, inside the headers and through the data: an error with one line, or (a GIF
    /// cut after its first frame) that frame at full size. Never a crash, a hang or a half-filled buffer.
    @Test(arguments: folders)
    func truncatedCopiesFailCleanly(_ folder: String) throws {
        guard try Corpus.require() else { return }
        for entry in Self.entries where entry.path.hasPrefix("\(folder)/") && entry.expected == "decode" {
            let data = try ImageFile.read(path: Corpus.path(entry.path))
            let whole = try ImageFile.probe(data)
            let cuts = Set([1, 7, 12, 16, 31, 64, data.count / 4, data.count / 2, data.count * 3 / 4, data.count - 1])
                .filter { $0 > 0 && $0 < data.count }
            for cut in cuts.sorted() {
                let prefix = Array(data.prefix(cut))
                _ = try? ImageFile.probe(prefix)
                for failOnTruncation in [true, false] {
                    do {
                        let decoded = try ImageFile.decode(prefix, options: DecodeOptions(failOnTruncation: failOnTruncation))
                        #expect(decoded.pixels.width == whole.width && decoded.pixels.height == whole.height,
                                "\(entry.path) cut at \(cut)")
                        if failOnTruncation { #expect(folder == "gif", "\(entry.path) cut at \(cut) decoded") }
                    } catch {
                        #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(entry.path) cut at \(cut): \(error)")
                    }
                }
            }
        }
    }

    @Test func anAVIFOverTheLimitIsRefusedFromItsHeader() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("avif/bad-17000x17000-libvips.avif"))
        let start = ThreadCPUTime.now()
        #expect(throws: ImageIOError.tooLarge(width: 17000, height: 17000, limit: DecodeOptions.defaultMaxPixels)) {
            try ImageFile.decode(data)
        }
        #expect(ThreadCPUTime.now() - start < .milliseconds(100))
    }

    /// A valid HEIC whose ispe boxes (image and alpha) are made to say 28777x28786, the size of the
    /// corpus' fuzzed header (which has no ftyp box, so it is no HEIF at all): refused before libheif
    /// decodes or allocates anything.
    @Test func aHEICOverTheLimitIsRefusedBeforeDecoding() throws {
        guard try Corpus.require() else { return }
        var data = try ImageFile.read(path: Corpus.path("heic/alpha-libheif-colors.heic"))
        var patched = 0
        for i in 0 ..< data.count - 20 where Array(data[i ..< i + 4]) == Array("ispe".utf8) {
            let size = [UInt8](withUnsafeBytes(of: UInt32(28777).bigEndian, Array.init) + withUnsafeBytes(of: UInt32(28786).bigEndian, Array.init))
            data.replaceSubrange(i + 8 ..< i + 16, with: size)
            patched += 1
        }
        #expect(patched >= 2)
        let info = try ImageFile.probe(data)
        #expect(info.width == 28777 && info.height == 28786)
        let start = ThreadCPUTime.now()
        #expect(throws: ImageIOError.tooLarge(width: 28777, height: 28786, limit: DecodeOptions.defaultMaxPixels)) {
            try ImageFile.decode(data)
        }
        #expect(ThreadCPUTime.now() - start < .milliseconds(100))
    }

    /// The limit is the caller's, not the library's: one pixel under a file's size refuses it, its size decodes.
    @Test(arguments: ["webp/lossless-28-bytes-100x100-libwebp.webp", "webp/animated-alpha-sharp.webp", "avif/8bit-420-pillow.avif",
                      "heic/alpha-libheif-colors.heic", "gif/animated-wuffs-red-blue.gif"])
    func theCallersPixelLimitHolds(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let info = try ImageFile.probe(data)
        let pixels = info.width * info.height
        #expect(throws: ImageIOError.tooLarge(width: info.width, height: info.height, limit: pixels - 1)) {
            try ImageFile.decode(data, options: DecodeOptions(maxPixels: pixels - 1))
        }
        #expect(try ImageFile.decode(data, options: DecodeOptions(maxPixels: pixels)).pixels.width == info.width)
    }

    /// A GIF whose logical screen says 65535x65535 (4.3 Gpx) in a few bytes: refused before the canvas.
    @Test func aGIFCanvasOverTheLimitIsRefused() throws {
        guard try Corpus.require() else { return }
        var data = try ImageFile.read(path: Corpus.path("gif/palette-wuffs-hippopotamus.gif"))
        data.replaceSubrange(6 ..< 10, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let start = ThreadCPUTime.now()
        #expect(throws: ImageIOError.tooLarge(width: 65535, height: 65535, limit: DecodeOptions.defaultMaxPixels)) {
            try ImageFile.decode(data)
        }
        #expect(ThreadCPUTime.now() - start < .milliseconds(100))
    }
}
