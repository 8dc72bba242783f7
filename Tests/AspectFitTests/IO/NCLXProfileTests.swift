import AspectFit
import Foundation
import Testing
import TestSupport

/// An AVIF that describes its colours only by nclx code points gets an ICC profile made from them,
/// so `convertToSRGB` converts it: its colours come out as they do through a real profile of the
/// same space (Apple's Display P3, from the corpus), and an sRGB description gets no profile.
@Suite struct NCLXProfileTests {
    /// The corpus AVIF with its nclx box set to `primaries` and `transfer` (H.273 code points).
    static func avif(primaries: UInt8, transfer: UInt8) throws -> [UInt8] {
        var data = try ImageFile.read(path: Corpus.path("avif/8bit-420-pillow.avif"))
        let marker = Array("colrnclx".utf8)
        let at = try #require((0 ..< data.count - 16).first { Array(data[$0 ..< $0 + 8]) == marker })
        data[at + 9] = primaries
        data[at + 11] = transfer
        return data
    }

    @Test func sRGBCodePointsGiveNoProfile() throws {
        guard try Corpus.require() else { return }
        for (primaries, transfer) in [(UInt8(1), UInt8(13)), (1, 1), (2, 2), (1, 6)] {
            #expect(try ImageFile.probe(Self.avif(primaries: primaries, transfer: transfer)).iccProfile == nil, "\(primaries)-\(transfer)")
        }
        for (primaries, transfer) in [(UInt8(12), UInt8(13)), (9, 14), (1, 8), (11, 4)] {
            #expect(try ImageFile.probe(Self.avif(primaries: primaries, transfer: transfer)).iccProfile != nil, "\(primaries)-\(transfer)")
        }
        // PQ and HLG are no primaries-and-curve profile: left as they are
        #expect(try ImageFile.probe(Self.avif(primaries: 9, transfer: 16)).iccProfile == nil)
    }

    @Test func displayP3CodePointsConvertAsTheDisplayP3ProfileDoes() throws {
        guard try Corpus.require() else { return }
        let data = try Self.avif(primaries: 12, transfer: 13)
        var toSRGB = DecodeOptions()
        toSRGB.convertToSRGB = true
        let converted = try ImageFile.decode(data, options: toSRGB).pixels
        let raw = try ImageFile.decode(data).pixels
        let p3 = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("png-extra/iccp-display-p3-8x8.png"))).iccProfile)
        let tagged = try ImageEncoder.encodePNG(raw, iccProfile: p3)
        let reference = try ImageFile.decode(tagged, options: toSRGB).pixels
        let rawPixels = PixelConversion.rgba8(raw), ours = PixelConversion.rgba8(converted)
        #expect(ImageDifference(ours, rawPixels).maximum > 10, "the conversion changed nothing")
        let difference = ImageDifference(ours, PixelConversion.rgba8(reference))
        #expect(difference.maximum <= 2, "\(difference)")
    }
}
