import AspectFit
import Foundation
import Testing
import TestSupport

/// The WebP encoder, checked by dwebp and exiftool: sizes, PSNR, alpha, exact lossless pixels,
/// ICCP and EXIF chunks, refused options.
@Suite struct WebPEncodeTests {
    static func photo() throws -> PixelBuffer {
        try ImageFile.decode(ImageFile.read(path: Corpus.path("photos/harvesters-1165x859.jpg"))).pixels
    }

    /// Grey widened to RGB (with its alpha), as WebP stores it.
    static func widened(_ image: PixelBuffer) throws -> PixelBuffer {
        guard image.layout == .gray8 || image.layout == .grayAlpha8 else { return image }
        let alpha = image.layout.hasAlpha
        var out = try PixelBuffer(width: image.width, height: image.height, layout: alpha ? .rgba8 : .rgb8)
        let bytes = image.packedBytes
        for p in 0 ..< image.width * image.height {
            let gray = bytes[p * image.layout.channels]
            for c in 0 ..< 3 { out.bytes[p * out.layout.channels + c] = gray }
            if alpha { out.bytes[p * 4 + 3] = bytes[p * 2 + 1] }
        }
        return out
    }

    @Test func defaultLossyPhotoKeepsItsSizeAndPSNRAbove34dBInFewerBytesThanJPEG() throws {
        guard try Corpus.require() else { return }
        let original = try Self.photo()
        let webp = try ImageEncoder.encodeWebP(original)
        #expect(Array(webp.prefix(4)) == Array("RIFF".utf8) && Array(webp[8 ..< 16]) == Array("WEBPVP8 ".utf8))
        let decoded = try IndependentDecoder.pixels(webp, suffix: ".webp")
        #expect(decoded.width == original.width && decoded.height == original.height && decoded.layout == .rgb8)
        let psnr = IndependentDecoder.psnr(original, decoded)
        #expect(psnr >= 34, "PSNR \(psnr) dB")
        #expect(webp.count < (try ImageEncoder.encodeJPEG(original)).count)
    }

    @Test func higherQualityIsLargerAndCloser() throws {
        guard try Corpus.require() else { return }
        let original = try Self.photo()
        let low = try ImageEncoder.encodeWebP(original, options: WebPEncodeOptions(quality: 40))
        let high = try ImageEncoder.encodeWebP(original, options: WebPEncodeOptions(quality: 95))
        #expect(low.count < high.count)
        let a = try IndependentDecoder.pixels(low, suffix: ".webp")
              let b = try IndependentDecoder.pixels(high, suffix: ".webp")
        #expect(IndependentDecoder.psnr(original, a) < IndependentDecoder.psnr(original, b))
    }

    @Test(arguments: PixelLayout.allCases)
    func losslessIsExact(_ layout: PixelLayout) throws {
        let image = EncodeTests.pattern(width: 67, height: 45, layout: layout)
        for effort in [0, 6] {
            let webp = try ImageEncoder.encodeWebP(image, options: WebPEncodeOptions(lossless: true, effort: effort))
            #expect(Array(webp[12 ..< 16]) == Array("VP8L".utf8))
            let decoded = try IndependentDecoder.pixels(webp, suffix: ".webp")
            let expected = try Self.widened(image)
            #expect(decoded.layout == expected.layout, "\(layout)")
            #expect(Bytes(decoded.packedBytes) == Bytes(expected.packedBytes), "\(layout) effort \(effort)")
        }
    }

    @Test func lossyKeepsAlphaExactlyAndDropsAnOpaqueOne() throws {
        for layout in [PixelLayout.rgba8, .grayAlpha8] {
            let image = EncodeTests.pattern(width: 64, height: 48, layout: layout)
            let webp = try ImageEncoder.encodeWebP(image, options: WebPEncodeOptions(quality: 80))
            let decoded = try IndependentDecoder.pixels(webp, suffix: ".webp")
            #expect(decoded.layout == .rgba8)
            #expect(IndependentDecoder.channel(3, of: decoded) == IndependentDecoder.channel(layout.channels - 1, of: image),
                    "\(layout): alpha is coded losslessly at libwebp's default alpha quality")
        }
        var opaque = EncodeTests.pattern(width: 64, height: 48, layout: .rgba8)
        for i in stride(from: 3, to: opaque.bytes.count, by: 4) { opaque.bytes[i] = 255 }
        let decoded = try IndependentDecoder.pixels(try ImageEncoder.encodeWebP(opaque), suffix: ".webp")
        #expect(decoded.layout == .rgb8, "an alpha plane of 255s is not written")
    }

    @Test func profileAndEXIFBecomeICCPAndEXIFChunks() throws {
        guard try Corpus.require() else { return }
        let p3 = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/icc-display-p3.jpg"))).iccProfile)
        let exif = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/exif-xmp-icc-paris.jpg"))).exif)
        let image = EncodeTests.pattern(width: 40, height: 30, layout: .rgba8)
        for options in [WebPEncodeOptions(), WebPEncodeOptions(lossless: true)] {
            var warnings: [String] = []
            let webp = try ImageEncoder.encodeWebP(image, options: options, iccProfile: p3, exif: exif, warnings: &warnings)
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(Array(webp[12 ..< 16]) == Array("VP8X".utf8))
            #expect(Bytes(try IndependentDecoder.block("ICC_Profile", of: webp, suffix: ".webp")) == Bytes(p3))
            #expect(Bytes(try IndependentDecoder.block("EXIF", of: webp, suffix: ".webp")) == Bytes(exif))
            let decoded = try IndependentDecoder.pixels(webp, suffix: ".webp")
            #expect(decoded.width == 40 && decoded.height == 30 && decoded.layout == .rgba8)
        }
        let plain = try ImageEncoder.encodeWebP(image)
        #expect(try IndependentDecoder.block("ICC_Profile", of: plain, suffix: ".webp").isEmpty)
    }

    @Test func unusableMetadataIsLeftOutWithAWarning() throws {
        guard try Corpus.require() else { return }
        let grayProfile = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("icc/gray-with-gray-profile.png"))).iccProfile)
        var warnings: [String] = []
        let webp = try ImageEncoder.encodeWebP(EncodeTests.pattern(width: 8, height: 8, layout: .gray8), iccProfile: grayProfile,
                                               exif: [1, 2, 3, 4, 5, 6, 7, 8, 9], warnings: &warnings)
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("dropped") }, "\(warnings)")
        #expect(Array(webp[12 ..< 16]) == Array("VP8 ".utf8), "no VP8X container for nothing")
    }

    @Test func badOptionsAndImagesAreArgumentErrors() throws {
        let rgb = EncodeTests.pattern(width: 4, height: 4, layout: .rgb8)
        for options in [WebPEncodeOptions(quality: 0), WebPEncodeOptions(quality: 101), WebPEncodeOptions(effort: -1),
                        WebPEncodeOptions(effort: 7), WebPEncodeOptions(lossless: true, effort: 7)] {
            #expect(throws: ImageIOError.self, "\(options)") { try ImageEncoder.encodeWebP(rgb, options: options) }
        }
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodeWebP(PixelBuffer(width: 16384, height: 1, layout: .gray8)) }
        var short = rgb
        short.bytes.removeLast()
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodeWebP(short) }
    }
}
