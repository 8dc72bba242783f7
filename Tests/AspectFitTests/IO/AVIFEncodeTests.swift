import AspectFit
import Foundation
import Testing
import TestSupport

/// The AVIF encoder, checked by avifdec (dav1d) and exiftool: sizes, PSNR, chroma formats, grey,
/// alpha, the sRGB nclx label, ICC and EXIF items, refused options.
@Suite struct AVIFEncodeTests {
    @Test func defaultPhotoKeepsItsSizeAndPSNRAbove34dBInFewerBytesThanJPEG() throws {
        guard try Corpus.require() else { return }
        let original = try WebPEncodeTests.photo()
        let avif = try ImageEncoder.encodeAVIF(original)
        #expect(Array(avif[4 ..< 12]) == Array("ftypavif".utf8))
        let decoded = try IndependentDecoder.pixels(avif, suffix: ".avif")
              let info = try IndependentDecoder.avifInfo(avif)
        #expect(decoded.width == original.width && decoded.height == original.height && decoded.layout == .rgb8)
        let psnr = IndependentDecoder.psnr(original, decoded)
        #expect(psnr >= 34, "PSNR \(psnr) dB")
        #expect(avif.count < (try ImageEncoder.encodeJPEG(original)).count)
        #expect(info["Format"] == "YUV420" && info["Bit Depth"] == "8" && info["Range"] == "Full")
        #expect(info["Color Primaries"] == "1" && info["Transfer Char."] == "13" && info["Matrix Coeffs."] == "6",
                "no profile: labelled sRGB, \(info)")
    }

    @Test func fullChromaIs444AndCloser() throws {
        guard try Corpus.require() else { return }
        let original = try WebPEncodeTests.photo()
        let sub = try ImageEncoder.encodeAVIF(original, options: AVIFEncodeOptions(quality: 80))
        let full = try ImageEncoder.encodeAVIF(original, options: AVIFEncodeOptions(quality: 80, chroma: .full444))
        let info = try IndependentDecoder.avifInfo(full)
              let a = try IndependentDecoder.pixels(sub, suffix: ".avif")
              let b = try IndependentDecoder.pixels(full, suffix: ".avif")
        #expect(info["Format"] == "YUV444")
        #expect(IndependentDecoder.psnr(original, a) < IndependentDecoder.psnr(original, b))
    }

    @Test func higherQualityIsLargerAndCloser() throws {
        guard try Corpus.require() else { return }
        let original = try WebPEncodeTests.photo()
        let low = try ImageEncoder.encodeAVIF(original, options: AVIFEncodeOptions(quality: 30))
        let high = try ImageEncoder.encodeAVIF(original, options: AVIFEncodeOptions(quality: 90))
        #expect(low.count < high.count)
        let a = try IndependentDecoder.pixels(low, suffix: ".avif")
              let b = try IndependentDecoder.pixels(high, suffix: ".avif")
        #expect(IndependentDecoder.psnr(original, a) < IndependentDecoder.psnr(original, b))
    }

    @Test func greyIsMonochromeAndAlphaIsKept() throws {
        guard try Corpus.require() else { return }
        let photo = try WebPEncodeTests.photo()
        var gray = try PixelBuffer(width: photo.width, height: photo.height, layout: .grayAlpha8)
        for p in 0 ..< photo.width * photo.height {
            gray.bytes[p * 2] = photo.bytes[p * 3 + 1]
            gray.bytes[p * 2 + 1] = UInt8(p % photo.width * 255 / (photo.width - 1))   // a horizontal alpha ramp
        }
        let avif = try ImageEncoder.encodeAVIF(gray, options: AVIFEncodeOptions(quality: 80))
        let info = try IndependentDecoder.avifInfo(avif)
              let decoded = try IndependentDecoder.pixels(avif, suffix: ".avif")
        #expect(info["Format"] == "YUV400" && info["Alpha"] == "Not premultiplied", "\(info)")
        let widened = try WebPEncodeTests.widened(gray)
        #expect(decoded.layout == .rgba8)
        for c in 0 ..< 4 {
            let psnr = IndependentDecoder.psnr(widened, decoded, channel: c)
            #expect(psnr >= 36, "channel \(c): PSNR \(psnr) dB")
        }
    }

    @Test func rgbaAlphaIsKeptAndAnOpaqueOneIsNot() throws {
        guard try Corpus.require() else { return }
        let alpha = try ImageFile.decode(ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/astronaut-alpha.png").path)).pixels
        #expect(alpha.layout == .rgba8)
        let avif = try ImageEncoder.encodeAVIF(alpha, options: AVIFEncodeOptions(quality: 80))
        let decoded = try IndependentDecoder.pixels(avif, suffix: ".avif")
        #expect(decoded.layout == .rgba8 && decoded.width == alpha.width && decoded.height == alpha.height)
        let psnr = IndependentDecoder.psnr(alpha, decoded, channel: 3)
        #expect(psnr >= 36, "alpha PSNR \(psnr) dB")
        var opaque = EncodeTests.pattern(width: 64, height: 48, layout: .rgba8)
        for i in stride(from: 3, to: opaque.bytes.count, by: 4) { opaque.bytes[i] = 255 }
        let info = try IndependentDecoder.avifInfo(try ImageEncoder.encodeAVIF(opaque))
        #expect(info["Alpha"] == "Absent", "\(info)")
    }

    @Test func profileAndEXIFAreWrittenAndAProfileReplacesTheSRGBLabel() throws {
        guard try Corpus.require() else { return }
        let p3 = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/icc-display-p3.jpg"))).iccProfile)
        let exif = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/exif-xmp-icc-paris.jpg"))).exif)
        var warnings: [String] = []
        let avif = try ImageEncoder.encodeAVIF(EncodeTests.pattern(width: 40, height: 30, layout: .rgb8), iccProfile: p3,
                                               exif: exif, warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(Bytes(try IndependentDecoder.block("ICC_Profile", of: avif, suffix: ".avif")) == Bytes(p3))
        #expect(Bytes(try IndependentDecoder.block("EXIF", of: avif, suffix: ".avif")) == Bytes(exif))
        let info = try IndependentDecoder.avifInfo(avif)
        #expect(info["ICC Profile"]?.hasPrefix("Present") == true && info["Color Primaries"] == "2", "\(info)")
        let unusable = try ImageEncoder.encodeAVIF(EncodeTests.pattern(width: 8, height: 8, layout: .rgb8), iccProfile: nil,
                                                   exif: [1, 2, 3, 4, 5, 6, 7, 8, 9], warnings: &warnings)
        #expect(warnings.count == 1 && warnings[0].hasPrefix("EXIF dropped"), "\(warnings)")
        #expect(try IndependentDecoder.avifInfo(unusable)["Exif Metadata"] ?? "Absent" == "Absent")
    }

    /// libaom's single-threaded path codes the rows another way than its row-based multithreading
    /// (the same for any count above one): one thread asked for still encodes as more would.
    @Test func everyThreadCountWritesTheSameBytes() throws {
        guard try Corpus.require() else { return }
        let original = try WebPEncodeTests.photo()
        let one = try ImageEncoder.encodeAVIF(original)
        #expect(try ImageEncoder.encodeAVIF(original, options: AVIFEncodeOptions(threads: 2)) == one)
        #expect(try ImageEncoder.encodeAVIF(original, options: AVIFEncodeOptions(threads: 7)) == one)
    }

    /// Options saved before `threads` existed read as one thread.
    @Test func optionsWithoutThreadsReadAsOne() throws {
        var fields = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(
            AVIFEncodeOptions(quality: 70, speed: 6, chroma: .full444, threads: 5))) as? [String: Any])
        fields["threads"] = nil
        let old = try JSONDecoder().decode(AVIFEncodeOptions.self, from: JSONSerialization.data(withJSONObject: fields))
        #expect(old == AVIFEncodeOptions(quality: 70, speed: 6, chroma: .full444, threads: 1))
        let current = AVIFEncodeOptions(quality: 50, speed: 9, threads: 3)
        #expect(try JSONDecoder().decode(AVIFEncodeOptions.self, from: JSONEncoder().encode(current)) == current)
    }

    @Test func badOptionsAndImagesAreArgumentErrors() throws {
        let rgb = EncodeTests.pattern(width: 4, height: 4, layout: .rgb8)
        for options in [AVIFEncodeOptions(quality: 0), AVIFEncodeOptions(quality: 101), AVIFEncodeOptions(speed: -1),
                        AVIFEncodeOptions(speed: 11), AVIFEncodeOptions(threads: 0), AVIFEncodeOptions(threads: 65)] {
            #expect(throws: ImageIOError.self, "\(options)") { try ImageEncoder.encodeAVIF(rgb, options: options) }
        }
        var short = rgb
        short.bytes.removeLast()
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodeAVIF(short) }
    }
}
