import Testing
import TestSupport
@testable import AspectFit

/// EXIF blocks: read by the probe, written by both encoders, orientation rewritten in place.
@Suite struct MetadataTests {
    @Test func probeReturnsTheEXIFBlock() throws {
        guard try Corpus.require() else { return }
        let info = try ImageFile.probe(try ImageFile.read(path: Corpus.path("exif-orientation/Landscape_6.jpg")))
        let exif = try #require(info.exif)
        #expect(exif.starts(with: [0x4D, 0x4D]) || exif.starts(with: [0x49, 0x49]))
        #expect(info.orientation == .right)
        #expect(try ImageFile.probe(try ImageFile.read(path: Corpus.path("jpeg/ljt-testorig.jpg"))).exif == nil)
    }

    @Test(arguments: ["exif-orientation/Landscape_6.jpg", "exif-orientation/Portrait_8.jpg",
                      "photos/iphone-xs-p3-orientation6-4032x3024.jpg"])
    func bothEncodersWriteTheBlockWithItsOrientationReset(_ file: String) throws {
        guard try Corpus.require() else { return }
        let exif = try #require(try ImageFile.probe(try ImageFile.read(path: Corpus.path(file))).exif)
        let upright = EXIFBlock.setting(.up, in: exif)
        #expect(upright.count == exif.count && upright != exif)
        let image = try! PixelBuffer(width: 16, height: 8, layout: .rgb8)
        let jpeg = try ImageEncoder.encodeJPEG(image, exif: upright)
        #expect(Array(jpeg.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE1], "EXIF's APP1 must follow SOI")
        let png = try ImageEncoder.encodePNG(image, exif: upright)
        for encoded in [jpeg, png] {
            let info = try ImageFile.probe(encoded)
            #expect(info.exif == upright)
            #expect(info.orientation == .up)
            #expect(try Bytes(ImageFile.decode(encoded).pixels.packedBytes) == Bytes(image.bytes))
        }
        #expect(try ImageFile.probe(try ImageEncoder.encodeJPEG(image, exif: EXIFBlock.setting(.left, in: exif))).orientation == .left)
    }

    @Test func aBlockWithoutOrientationIsLeftAlone() {
        let noTag: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0, 0]   // TIFF header, IFD0 with no entries
        #expect(EXIFBlock.setting(.up, in: noTag) == noTag)
        #expect(EXIFBlock.setting(.up, in: [1, 2, 3]) == [1, 2, 3])
    }

    @Test func anOversizedBlockIsLeftOutOfAJPEGWithOneWarning() throws {
        let image = try PixelBuffer(width: 4, height: 4, layout: .gray8)
        var block = [UInt8](repeating: 0, count: 70_000)
        block.replaceSubrange(0 ..< 8, with: [0x4D, 0x4D, 0, 42, 0, 0, 0, 8])
        var warnings: [String] = []
        let jpeg = try ImageEncoder.encodeJPEG(image, iccProfile: nil, exif: block, warnings: &warnings)
        #expect(try ImageFile.probe(jpeg).exif == nil)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("EXIF dropped"), "\(warnings)")
        var pngWarnings: [String] = []
        let png = try ImageEncoder.encodePNG(image, iccProfile: nil, exif: block, warnings: &pngWarnings)
        #expect(try ImageFile.probe(png).exif == block, "PNG's eXIf has no 64 KB limit")
        #expect(pngWarnings.isEmpty)
    }
}
