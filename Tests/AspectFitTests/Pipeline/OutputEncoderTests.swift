import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// The seam between an output format and its encoder: which options reach which encoder, how each
/// labels colour, and what WebP and AVIF output does while `ImageFormat` cannot name them.
@Suite struct OutputEncoderTests {
    @Test func eachFormatGetsItsOwnOptions() throws {
        var options = FitOptions()
        options.jpeg.quality = 70
        options.png.compressionLevel = 9
        #expect(OutputEncoder(.jpeg, options: options) == .jpeg(options.jpeg))
        #expect(OutputEncoder(.png, options: options) == .png(options.png))
        let json = #"{"webp": {"quality": 70, "lossless": true, "effort": 6, "sharpYUV": true}, "avif": {"quality": 50, "speed": 6, "chroma": {"full444": {}}}}"#
        let decoded = try JSONDecoder().decode(FitOptions.self, from: Data(json.utf8))
        #expect(decoded.webp == WebPEncodeOptions(quality: 70, lossless: true, effort: 6, sharpYUV: true))
        #expect(decoded.avif == AVIFEncodeOptions(quality: 50, speed: 6, chroma: .full444))
        #expect(try JSONDecoder().decode(FitOptions.self, from: Data("{}".utf8)).webp == WebPEncodeOptions())
    }

    @Test func webpCarriesTheCompactSRGBProfileAndAVIFTheNclxLabel() throws {
        let image = EncodeTests.pattern(width: 32, height: 24, layout: .gray8)
        var warnings: [String] = []
        let webp = try OutputEncoder.webp(WebPEncodeOptions()).encode(image, tag: .sRGB, exif: nil, warnings: &warnings)
        let avif = try OutputEncoder.avif(AVIFEncodeOptions()).encode(image, tag: .sRGB, exif: nil, warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        guard let profile = try IndependentDecoder.block("ICC_Profile", of: webp, suffix: ".webp"),
              let avifProfile = try IndependentDecoder.block("ICC_Profile", of: avif, suffix: ".avif"),
              let info = try IndependentDecoder.avifInfo(avif) else { return }
        #expect(Bytes(profile) == Bytes(ColourTag.compactSRGB), "grey WebP is RGB, so the RGB sRGB profile")
        #expect(avifProfile.isEmpty)
        #expect(info["Color Primaries"] == "1" && info["Transfer Char."] == "13" && info["Matrix Coeffs."] == "6", "\(info)")
        let none = try OutputEncoder.webp(WebPEncodeOptions()).encode(image, tag: .none, exif: nil, warnings: &warnings)
        #expect(try IndependentDecoder.block("ICC_Profile", of: none, suffix: ".webp")?.isEmpty ?? true)
    }

    @Test func webpAndAVIFParseButCannotBePlannedUntilImageFormatNamesThem() throws {
        #expect(try OutputFormat(parsing: "WebP") == .webp && OutputFormat(parsing: "avif") == .avif)
        let jpeg = try ImageEncoder.encodeJPEG(EncodeTests.pattern(width: 32, height: 24, layout: .rgb8))
        for format in [OutputFormat.webp, .avif] {
            var options = FitOptions()
            options.format = format
            #expect(throws: FitError.plan(.formatNotWritable(format))) { try Pipeline(options: options).plan(jpeg) }
            #expect(Pipeline(options: options).outputFormat(forSource: .jpeg) == nil)
        }
    }
}
