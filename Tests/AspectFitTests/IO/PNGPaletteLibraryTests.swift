import AspectFit
import Foundation
import Testing
import TestSupport

/// `PNGEncodeOptions.palette` in the library: the options read JSON written before the key existed,
/// a byte budget takes a PNG to level 12 and then to the largest palette that fits (one more colour
/// at level 12 does not), down to `paletteColours(forQuality:)` of the floor, and 16-bit pixels
/// are refused a palette.
@Suite struct PNGPaletteLibraryTests {
    static func options(palette: Int? = nil, level: Int = 3, maxBytes: Int? = nil) -> FitOptions {
        var o = FitOptions()
        o.ratio = .fourToThree
        o.size = .width(200)
        o.format = .png
        o.png = PNGEncodeOptions(compressionLevel: level, palette: palette)
        o.maxBytes = maxBytes
        o.minQuality = 35
        return o
    }

    @Test func optionsWithoutThePaletteKeyStillDecode() throws {
        let old = try JSONDecoder().decode(FitOptions.self, from: Data(#"{"png":{"compressionLevel":5}}"#.utf8))
        #expect(old.png == PNGEncodeOptions(compressionLevel: 5))
        let new = try JSONDecoder().decode(FitOptions.self, from: try JSONEncoder().encode(Self.options(palette: 64)))
        #expect(new.png.palette == 64)
        #expect(PNGEncodeOptions.paletteColours(forQuality: 30) == 77 && PNGEncodeOptions.paletteColours(forQuality: 1) == 3)
        #expect(PNGEncodeOptions.paletteColours(forQuality: 100) == 256)
    }

    @Test func aBudgetTakesTheLargestPaletteThatFits() throws {
        guard try Corpus.require() else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("photos/harvesters-1165x859.jpg")))
        func size(palette: Int?) throws -> Int { try Pipeline(options: Self.options(palette: palette, level: 12)).run(data).bytes.count }
        let truecolour = try size(palette: nil)
        let tight = try Pipeline(options: Self.options(maxBytes: truecolour)).run(data)
        #expect(tight.bytes.count == truecolour && tight.paletteColours == nil && tight.encodes == 2)
        let floor = PNGEncodeOptions.paletteColours(forQuality: 35)
        let budget = (try size(palette: 256) + size(palette: floor)) / 2
        let fitted = try Pipeline(options: Self.options(maxBytes: budget)).run(data)
        let chosen = try #require(fitted.paletteColours)
        #expect(fitted.bytes.count <= budget && (floor..<256).contains(chosen) && fitted.quality == nil)
        #expect(try size(palette: chosen) == fitted.bytes.count && size(palette: chosen + 1) > budget)
        #expect(throws: FitError.overBudget(smallestBytes: try size(palette: floor), maxBytes: 1000, atQuality: 35,
                                            paletteColours: floor)) {
            try Pipeline(options: Self.options(maxBytes: 1000)).run(data)
        }
    }

    @Test func sixteenBitPixelsAreRefusedAPalette() throws {
        let image = PixelBuffer16(width: 4, height: 4, layout: .rgb8, samples: [UInt16](repeating: 1000, count: 48))
        var warnings: [String] = []
        #expect(throws: ImageIOError.self) {
            try ImageEncoder.encodePNG(image, options: PNGEncodeOptions(palette: 16), iccProfile: nil, exif: nil, warnings: &warnings)
        }
    }
}
