import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// `ImageFile.headerExtent`: the part of a file it calls the header probes exactly as the whole
/// file does (the oracle: `probe` of the whole file), and a cut inside the header asks for more.
@Suite struct HeaderExtentTests {
    static let jpegs = ["jpeg", "exif-orientation", "icc", "photos"].flatMap { Corpus.files(in: $0, withExtensions: ["jpg", "jpeg"]) }

    @Test func everyCorpusJPEGHeaderProbesAsTheWholeFile() throws {
        guard try Corpus.require() else { return }
        #expect(Self.jpegs.count > 40)
        for path in Self.jpegs {
            let data = try ImageFile.read(path: path)
            guard let whole = try? ImageFile.probe(data) else { continue }
            guard case .complete(let end) = ImageFile.headerExtent(of: data) else {
                Issue.record("\(path): \(ImageFile.headerExtent(of: data))")
                continue
            }
            #expect(end < data.count, "\(path)")
            #expect(try ImageFile.probe(Array(data[..<end])) == whole, "\(path)")
            // Cut inside the header: more is asked for, beyond the cut and not beyond the header.
            for cut in [10, end / 3, end / 2, end - 1] where cut >= 2 {   // a JPEG is told by its SOI
                guard case .needsAtLeast(let more) = ImageFile.headerExtent(of: Array(data[..<cut])) else {
                    Issue.record("\(path) cut at \(cut): \(ImageFile.headerExtent(of: Array(data[..<cut])))")
                    continue
                }
                #expect(more > cut && more <= end, "\(path) cut at \(cut)")
            }
        }
    }

    @Test func pngAndOtherBytesNeedTheWholeFile() throws {
        guard try Corpus.require() else { return }
        for path in Corpus.files(in: "pngsuite", withExtensions: ["png"]).prefix(20) {
            #expect(ImageFile.headerExtent(of: try ImageFile.read(path: path)) == .wholeFile, "\(path)")
        }
        #expect(ImageFile.headerExtent(of: Array("GIF89a and more".utf8)) == .wholeFile)
        #expect(ImageFile.headerExtent(of: [0xFF, 0xD8]) == .needsAtLeast(6))   // SOI, then a segment's marker and length
        #expect(ImageFile.headerExtent(of: Array("\u{0}\u{0}\u{0}\u{1C}ftyp".utf8)) == .needsAtLeast(ImageFile.signatureLength))
        // A JPEG with bytes between its segments is left to the decoder.
        #expect(ImageFile.headerExtent(of: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0x12, 0xFF, 0xDA, 0x00, 0x02]) == .wholeFile)
    }
}
