import Testing
import TestSupport
@testable import AspectFit

/// `FitOptions.toSRGB` through the whole pipeline: what the output is tagged with, and that the
/// conversion reaches the resampled pixels.
@Suite struct ToSRGBPipelineTests {
    static func fit(_ path: String, _ configure: (inout FitOptions) -> Void) throws -> FitResult {
        var options = FitOptions()
        options.ratio = .square
        options.size = .width(96)
        configure(&options)
        return try Pipeline(options: options).run(ImageFile.read(path: Corpus.path(path)))
    }

    /// The PNG chunk types in order.
    static func chunks(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 8 <= png.count {
            let length = png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[at + 4 ..< at + 8], as: UTF8.self))
            at += 12 + length
        }
        return types
    }

    @Test func jpegGetsTheCompactSRGBProfileAndPNGTheSRGBChunk() throws {
        guard try Corpus.require() else { return }
        let jpeg = try Self.fit("photos/iphone-xs-p3-orientation6-4032x3024.jpg") { $0.toSRGB = true }
        #expect(try ImageFile.probe(jpeg.bytes).iccProfile == ColourTag.compactSRGB)
        #expect(ColourTag.compactSRGB.count == 588 && ColourTag.compactSRGB[16 ..< 20] == Array("RGB ".utf8)[...])
        let png = try Self.fit("icc/adobergb-rgba.png") { $0.toSRGB = true }
        let types = Self.chunks(png.bytes)
        #expect(types.contains("sRGB") && !types.contains("iCCP"), "\(types)")
        #expect(try ImageFile.probe(png.bytes).iccProfile == nil)
        let gray = try Self.fit("jpeg/gray-concert-icc.jpg") { $0.toSRGB = true }
        let grayProfile = try #require(try ImageFile.probe(gray.bytes).iccProfile)
        #expect(grayProfile == ColourTag.compactGraySRGB && grayProfile[16 ..< 20] == Array("GRAY".utf8)[...])
    }

    @Test func stripDropsTheTag() throws {
        guard try Corpus.require() else { return }
        let jpeg = try Self.fit("jpeg/icc-display-p3.jpg") { $0.toSRGB = true; $0.keepICCProfile = false }
        #expect(try ImageFile.probe(jpeg.bytes).iccProfile == nil)
        let png = try Self.fit("icc/adobergb-rgba.png") { $0.toSRGB = true; $0.keepICCProfile = false }
        #expect(!Self.chunks(png.bytes).contains("sRGB") && !Self.chunks(png.bytes).contains("iCCP"))
    }

    /// Without the option the profile is carried and the pixels are untouched; with it the pixels of
    /// a wide-gamut photo change, and those of an sRGB one stay byte-identical.
    @Test func convertsWideGamutAndLeavesSRGBAlone() throws {
        guard try Corpus.require() else { return }
        let p3 = try Self.fit("jpeg/icc-display-p3.jpg") { _ in }
        let p3Converted = try Self.fit("jpeg/icc-display-p3.jpg") { $0.toSRGB = true }
        #expect(try ImageFile.probe(p3.bytes).iccProfile == p3.plan.source.iccProfile)
        let plain = try ImageFile.decode(p3.bytes).pixels, converted = try ImageFile.decode(p3Converted.bytes).pixels
        let meanDifference = zip(plain.bytes, converted.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(meanDifference) / Double(plain.bytes.count) > 1, "the P3 photo should change")
        for path in ["icc/srgb-hp-known-incorrect.jpg", "photos/harvesters-1165x859.jpg"] {
            let before = try Self.fit(path) { $0.keepICCProfile = false }
            let after = try Self.fit(path) { $0.toSRGB = true; $0.keepICCProfile = false }
            #expect(before.bytes == after.bytes, "\(path)")
        }
    }

    /// CMYK becomes sRGB and says so, with or without the option.
    @Test func cmykIsTaggedSRGB() throws {
        guard try Corpus.require() else { return }
        for path in ["jpeg/cmyk-adobe-swop-icc.jpg", "jpeg/ycck-flower.jpg"] {
            let result = try Self.fit(path) { _ in }
            #expect(try ImageFile.probe(result.bytes).iccProfile == ColourTag.compactSRGB, "\(path)")
            #expect(result.warnings.isEmpty, "\(path): \(result.warnings)")
        }
    }
}
