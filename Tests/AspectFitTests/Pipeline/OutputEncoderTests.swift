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
        let webp = try OutputEncoder.webp(WebPEncodeOptions()).encode(image, tag: .sRGB, metadata: MetadataBlocks(), warnings: &warnings)
        let avif = try OutputEncoder.avif(AVIFEncodeOptions()).encode(image, tag: .sRGB, metadata: MetadataBlocks(), warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        let profile = try IndependentDecoder.block("ICC_Profile", of: webp, suffix: ".webp")
              let avifProfile = try IndependentDecoder.block("ICC_Profile", of: avif, suffix: ".avif")
              let info = try IndependentDecoder.avifInfo(avif)
        #expect(Bytes(profile) == Bytes(ColourTag.compactSRGB), "grey WebP is RGB, so the RGB sRGB profile")
        #expect(avifProfile.isEmpty)
        #expect(info["Color Primaries"] == "1" && info["Transfer Char."] == "13" && info["Matrix Coeffs."] == "6", "\(info)")
        let none = try OutputEncoder.webp(WebPEncodeOptions()).encode(image, tag: .none, metadata: MetadataBlocks(), warnings: &warnings)
        #expect(try IndependentDecoder.block("ICC_Profile", of: none, suffix: ".webp").isEmpty)
    }

    /// `-f webp` and `-f avif` plan and run to their format, whatever the source; `auto` keeps
    /// a written source that holds the result and turns a read-only one (HEIC, GIF) into JPEG or PNG.
    @Test func webpAndAVIFArePlannedAndWritten() throws {
        #expect(try OutputFormat(parsing: "WebP") == .webp && OutputFormat(parsing: "avif") == .avif)
        let jpeg = try ImageEncoder.encodeJPEG(EncodeTests.pattern(width: 32, height: 24, layout: .rgb8))
        for (format, magic) in [(OutputFormat.webp, Array("WEBP".utf8)), (.avif, Array("ftypavif".utf8))] {
            var options = FitOptions()
            options.format = format
            options.size = .size(width: 16, height: 12)
            let result = try Pipeline(options: options).run(jpeg)
            #expect(result.plan.outputFormat == ImageFormat(rawValue: format.rawValue))
            #expect(Array(result.bytes[8..<(8 + magic.count)]) == magic || Array(result.bytes[4..<(4 + magic.count)]) == magic)
            #expect(Pipeline(options: options).outputFormat(forSource: .gif) == ImageFormat(rawValue: format.rawValue))
        }
        for (source, transparent, written) in [(ImageFormat.webp, true, ImageFormat.webp), (.avif, true, .avif), (.jpeg, true, .png),
                                               (.heic, false, .jpeg), (.heic, true, .png), (.gif, true, .png), (.gif, false, .jpeg),
                                               (.png, false, .png), (.webp, false, .webp)] {
            #expect(OutputFormat.auto.resolved(source: source, transparent: transparent) == written, "\(source) \(transparent)")
        }
    }
}
