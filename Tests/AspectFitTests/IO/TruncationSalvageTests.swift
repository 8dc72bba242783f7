import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// --fail-on none salvages what a cut file holds: corpus PNGs and JPEGs cut at many offsets give
/// exactly the rows Pillow's LOAD_TRUNCATED_IMAGES recovers (scripts/generate/make-truncation-references.py),
/// the rest black for PNG, and the warning says how many PNG rows came back.
@Suite struct TruncationSalvageTests {
    static func leadingEqualRows(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        let rowBytes = a.width * a.layout.channels
        var rows = 0
        while rows < a.height,
              a.bytes[rows * a.bytesPerRow ..< rows * a.bytesPerRow + rowBytes]
                == b.bytes[rows * b.bytesPerRow ..< rows * b.bytesPerRow + rowBytes] {
            rows += 1
        }
        return rows
    }

    @Test(arguments: TruncationReferences.files.keys.sorted())
    func cutFilesGiveTheRowsPillowRecovers(_ file: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(file))
        let whole = try ImageFile.decode(data).pixels
        let cuts = try #require(TruncationReferences.files[file])
        #expect(cuts.count >= 20)
        for cut in cuts {
            let part = Array(data.prefix(cut.bytes))
            #expect(throws: ImageIOError.self, "\(file) cut at \(cut.bytes) is refused by default") {
                try ImageFile.decode(part)
            }
            let salvaged: DecodedImage
            do { salvaged = try ImageFile.decode(part, options: DecodeOptions(failOnTruncation: false)) } catch {
                Issue.record("\(file) cut at \(cut.bytes): \(error)")
                continue
            }
            let rows = Self.leadingEqualRows(salvaged.pixels, whole)
            #expect(rows == cut.rowsRecovered, "\(file) cut at \(cut.bytes)")
            let p = salvaged.pixels
            if cut.restIsBlack {
                #expect(p.bytes[min(rows * p.bytesPerRow, p.bytes.count)...].allSatisfy { $0 == 0 },
                        "\(file) cut at \(cut.bytes): missing rows are black")
            }
            #expect(salvaged.warnings.contains { $0.contains("truncated") }, "\(file) cut at \(cut.bytes): \(salvaged.warnings)")
            if file.hasSuffix(".png") && rows < whole.height {
                #expect(salvaged.warnings.contains { $0.contains("\(rows) of \(whole.height) rows recovered") },
                        "\(file) cut at \(cut.bytes): \(salvaged.warnings)")
            }
        }
    }

    @Test func aPNGCutAfterItsImageDataComesOutWhole() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("photos/tulips-vignette-alpha-500x500.png"))
        let whole = try ImageFile.decode(data).pixels
        for cut in [1, 4, 8, 12, 14, 16] {   // inside IEND, its CRC, the last IDAT's CRC
            let salvaged = try ImageFile.decode(Array(data.dropLast(cut)), options: DecodeOptions(failOnTruncation: false))
            #expect(salvaged.pixels == whole, "cut \(cut) bytes from the end")
            #expect(salvaged.warnings.count == 1, "\(salvaged.warnings)")
        }
    }
}
