import AspectFit
import Foundation
import Testing
import TestSupport

/// The malformed-file corpus: rejects fail cleanly with one line, the `decode` ones decode,
/// declared-size bombs hit the pixel limit before any allocation.
@Suite(.serialized) struct BadCorpusTests {  // serialized: it bounds CPU time
    static let entries = Corpus.manifest().filter { $0.path.hasPrefix("bad/") }

    /// Decodes each of `rejects` (probing first, which may succeed on a fine header but must not
    /// crash), records an issue for each that decodes, and returns the others' bytes and errors, each
    /// error checked to be one line.
    static func refusals(_ rejects: [Corpus.Entry]) throws -> [(entry: Corpus.Entry, data: [UInt8], error: ImageIOError)] {
        try rejects.compactMap { entry -> (entry: Corpus.Entry, data: [UInt8], error: ImageIOError)? in
            let data = try ImageFile.read(path: Corpus.path(entry.path))
            _ = try? ImageFile.probe(data)
            do throws(ImageIOError) {
                let decoded = try ImageFile.decode(data)
                Issue.record("\(entry.path) decoded as \(decoded.region) instead of failing")
                return nil
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(entry.path): \(error)")
                return (entry, data, error)
            }
        }
    }

    @Test func rejectedFilesFailWithOneLineMessages() throws {
        guard try Corpus.require() else { return }
        let rejects = Self.entries.filter { $0.expected == "reject" }
        #expect(rejects.count >= 40)
        #expect(try Self.refusals(rejects).count == rejects.count)
    }

    @Test func decodableFilesDecode() throws {
        guard try Corpus.require() else { return }
        let decodable = Self.entries.filter { $0.expected == "decode" }
        #expect(decodable.count == 5)
        for entry in decodable {
            let data = try ImageFile.read(path: Corpus.path(entry.path))
            let start = ThreadCPUTime.now()
            let decoded = try ImageFile.decode(data)
            #expect(ThreadCPUTime.now() - start < .seconds(1), "\(entry.path) too slow")
            #expect("\(decoded.pixels.width)x\(decoded.pixels.height)" == entry.size, "\(entry.path)")
        }
        let pngNamedJPEG = try ImageFile.read(path: Corpus.path("bad/png-named.jpg"))
        #expect(try ImageFile.probe(pngNamedJPEG).format == .png)
    }

    @Test func brokenICCProfilesAreDroppedNotFatal() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("bad/unknown-compression-method-pillow.png"))
        #expect(try ImageFile.probe(data).iccProfile == nil)
        let decoded = try ImageFile.decode(data)
        #expect(!decoded.warnings.isEmpty)
    }

    @Test func hugeImagesHitThePixelLimitQuickly() throws {
        guard try Corpus.require() else { return }
        for file in ["bad/huge-valid-16384x16384.png", "bad/huge-valid-20000x14000.jpg", "bad/huge-valid-65536x65536.png",
                     "bad/bomb-49157x27397.jpg"] {
            let data = try ImageFile.read(path: Corpus.path(file))
            let start = ThreadCPUTime.now()
            #expect(throws: ImageIOError.self) { try ImageFile.decode(data) }
            do {
                _ = try ImageFile.decode(data)
            } catch {
                guard case .tooLarge(let width, let height, let limit) = error else { Issue.record("\(file): \(error)"); continue }
                #expect(width * height > limit && limit == DecodeOptions.defaultMaxPixels, "\(error)")
                #expect(error.description.contains("pixels), over the limit of"), "\(error)")
            }
            #expect(ThreadCPUTime.now() - start < .seconds(1), "\(file)")
            #expect(try ImageFile.probe(data).width > 16000)
        }
        #expect(throws: ImageIOError.tooLarge(width: 20000, height: 14000, limit: 268_402_689)) {
            try ImageFile.decode(ImageFile.read(path: Corpus.path("bad/huge-valid-20000x14000.jpg")))
        }
    }

    @Test func aRaisedLimitDecodesTheFirstRowsOfA16384SquarePNG() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("bad/huge-valid-16384x16384.png"))
        let info = try ImageFile.probe(data)
        #expect(info.width == 16384 && info.height == 16384)
        let start = ThreadCPUTime.now()
        let rows = try ImageFile.decode(data, options: DecodeOptions(maxPixels: 300_000_000,
                                                                     region: PixelRect(x: 100, y: 0, width: 64, height: 16)))
        #expect(ThreadCPUTime.now() - start < .seconds(1))
        #expect(rows.pixels.width == 64 && rows.pixels.height == 16)
        #expect(throws: ImageIOError.self) { try ImageFile.decode(data, options: DecodeOptions(maxPixels: 1000)) }
    }

    @Test func truncationIsAnErrorByDefaultAndAWarningOnRequest() throws {
        guard try Corpus.require() else { return }
        let truncated = Self.entries.filter { $0.path.contains("truncated") || $0.path.contains("nofsync") || $0.path.contains("badzerorun") }
        #expect(truncated.count >= 15)
        var accepted = 0
        for entry in truncated {
            let data = try ImageFile.read(path: Corpus.path(entry.path))
            #expect(throws: ImageIOError.self, "\(entry.path)") { try ImageFile.decode(data) }
            if let decoded = try? ImageFile.decode(data, options: DecodeOptions(failOnTruncation: false)) {
                #expect(!decoded.warnings.isEmpty, "\(entry.path) accepted without a warning")
                accepted += 1
            }
        }
        // all but the files whose header itself is cut off decode leniently
        #expect(accepted >= truncated.count - 2)
        let jpeg = try ImageFile.read(path: Corpus.path("bad/truncated-sharp.jpg"))
        #expect(throws: ImageIOError.truncated("truncated JPEG data")) { try ImageFile.decode(jpeg) }
    }

    @Test func harmlessJPEGWarningsDoNotFail() throws {
        guard try Corpus.require() else { return }
        // two stray bytes before the DQT marker: libjpeg warns "extraneous bytes before marker"
        var data = try ImageFile.read(path: Corpus.path("jpeg/ljt-testorig.jpg"))
        let clean = try ImageFile.decode(data)
        let dqt = try #require((2 ..< data.count - 1).first { data[$0] == 0xFF && data[$0 + 1] == 0xDB })
        data.insert(contentsOf: [0x12, 0x34], at: dqt)
        let decoded = try ImageFile.decode(data)
        #expect(decoded.pixels == clean.pixels)
        #expect(decoded.warnings.contains { $0.contains("extraneous bytes") }, "\(decoded.warnings)")
    }

    @Test func damagedEntropyDataFailsByDefault() throws {
        guard try Corpus.require() else { return }
        // a marker (RST out of sequence) planted in the middle of the entropy-coded data
        var data = try ImageFile.read(path: Corpus.path("jpeg/ljt-testorig.jpg"))
        let sos = try #require((2 ..< data.count - 1).first { data[$0] == 0xFF && data[$0 + 1] == 0xDA })
        let middle = sos + (data.count - sos) / 2
        data.replaceSubrange(middle ..< middle + 2, with: [0xFF, 0xD3])
        #expect(throws: ImageIOError.self) { try ImageFile.decode(data) }
        let lenient = try ImageFile.decode(data, options: DecodeOptions(failOnTruncation: false))
        #expect(lenient.warnings.contains { $0.contains("damaged JPEG data") }, "\(lenient.warnings)")
    }

    @Test func aProgressiveScanBombStopsQuickly() throws {
        guard try Corpus.require() else { return }
        // progressive-peacock.jpg with its first (DC) scan repeated 600 times: every copy decodes
        // cleanly (libjpeg only notes a bogus progression), so only the scan limit stops it
        let data = try ImageFile.read(path: Corpus.path("jpeg/progressive-peacock.jpg"))
        let sos = try #require((0 ..< data.count - 1).first { data[$0] == 0xFF && data[$0 + 1] == 0xDA })
        var end = sos + 2 + (Int(data[sos + 2]) << 8 | Int(data[sos + 3]))
        while !(data[end] == 0xFF && data[end + 1] != 0x00 && !(0xD0 ... 0xD7).contains(data[end + 1])) { end += 1 }
        var bomb = Array(data[..<end])
        for _ in 0 ..< 600 { bomb += data[sos ..< end] }
        bomb += data[end...]
        let start = ThreadCPUTime.now()
        #expect(throws: ImageIOError.corrupt("corrupt JPEG: more than 500 scans")) { try ImageFile.decode(bomb) }
        #expect(ThreadCPUTime.now() - start < .seconds(1))
    }
}
