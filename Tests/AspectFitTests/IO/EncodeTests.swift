import AspectFit
import Foundation
import Testing
import TestSupport

/// Encoders: PNG round trips exactly, JPEG round trips closely, outputs pass pngcheck/djpeg,
/// ICC profiles survive (including a JPEG profile split over several APP2 markers).
@Suite struct EncodeTests {
    /// A deterministic test pattern: gradients plus pseudo-random noise, every channel distinct.
    static func pattern(width: Int, height: Int, layout: PixelLayout) -> PixelBuffer {
        var buffer = try! PixelBuffer(width: width, height: height, layout: layout)
        var seed: UInt32 = 12345
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< layout.channels {
                    seed = seed &* 1_103_515_245 &+ 12345
                    let noise = Int(seed >> 27)
                    buffer.bytes[(y * width + x) * layout.channels + c] = UInt8((x * 3 + y * 5 + c * 60 + noise) & 255)
                }
            }
        }
        return buffer
    }

    static func writeTemporary(_ bytes: [UInt8], suffix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-io-\(UUID().uuidString)\(suffix)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: PixelLayout.allCases)
    func pngRoundTripIsExact(_ layout: PixelLayout) throws {
        let image = Self.pattern(width: 67, height: 45, layout: layout)
        for options in [PNGEncodeOptions(), PNGEncodeOptions(compressionLevel: 0), PNGEncodeOptions(compressionLevel: 9),
                        PNGEncodeOptions(compressionLevel: 1)] {
            let png = try ImageEncoder.encodePNG(image, options: options)
            let decoded = try ImageFile.decode(png)
            #expect(decoded.pixels.layout == layout)
            #expect(Bytes(decoded.pixels.packedBytes) == Bytes(image.bytes), "\(layout) \(options)")
        }
    }

    /// The filter type byte of every row of a non-interlaced 8-bit PNG, read by Python's zlib (an
    /// inflater independent of libpng).
    static func rowFilters(_ png: [UInt8], python: String) throws -> [Int] {
        let script = """
            import struct, sys, zlib
            d = sys.stdin.buffer.read(); i = 8; idat = b""
            while i < len(d):
                n, kind = struct.unpack(">I4s", d[i:i + 8])
                if kind == b"IHDR": w, h, depth, colour = struct.unpack(">IIBB", d[i + 8:i + 18])
                if kind == b"IDAT": idat += d[i + 8:i + 8 + n]
                i += 12 + n
            raw = zlib.decompress(idat); stride = 1 + w * {0: 1, 4: 2, 2: 3, 6: 4}[colour]
            print(" ".join(str(raw[y * stride]) for y in range(h)))
            """
        let result = try ExternalTool.run(python, ["-c", script], input: png)
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// By default each row is AVG (3) or PAETH (4) filtered, libpng choosing per row; an RGB and
    /// an RGBA photo round trip exactly and use both.
    @Test func defaultPNGRowsAreAverageOrPaethFilteredAndExact() throws {
        let python = try ExternalTool.path("python3")
        let samples = Corpus.projectRoot.appendingPathComponent("samples")
        let photo = try ImageFile.decode(ImageFile.read(path: samples.appendingPathComponent("harvesters.jpg").path)).pixels
        let alpha = try ImageFile.decode(ImageFile.read(path: samples.appendingPathComponent("astronaut-alpha.png").path)).pixels
        for image in [photo, alpha] {
            let png = try ImageEncoder.encodePNG(image)
            #expect(try Bytes(ImageFile.decode(png).pixels.packedBytes) == Bytes(image.packedBytes), "\(image.layout)")
            let filters = try Self.rowFilters(png, python: python)
            #expect(filters.count == image.height)
            #expect(Set(filters) == [3, 4], "\(image.layout): filters used \(Set(filters).sorted())")
        }
    }

    @Test func paddedRowsEncodeLikePackedOnes() throws {
        let packed = Self.pattern(width: 10, height: 6, layout: .rgb8)
        var padded = [UInt8]()
        for y in 0 ..< 6 { padded += packed.bytes[y * 30 ..< y * 30 + 30] + [9, 9, 9, 9] }
        let buffer = try! PixelBuffer(width: 10, height: 6, layout: .rgb8, bytesPerRow: 34, bytes: padded)
        #expect(try Bytes(ImageEncoder.encodePNG(buffer)) == Bytes(ImageEncoder.encodePNG(packed)))
        #expect(try Bytes(ImageEncoder.encodeJPEG(buffer)) == Bytes(ImageEncoder.encodeJPEG(packed)))
    }

    @Test func jpegRoundTripAtQuality90KeepsPSNRAbove40dB() throws {
        guard try Corpus.require() else { return }
        let original = try ImageFile.decode(ImageFile.read(path: Corpus.path("photos/harvesters-1165x859.jpg"))).pixels
        for chroma in [JPEGEncodeOptions.Chroma.subsampled420, .full444] {
            let jpeg = try ImageEncoder.encodeJPEG(original, options: JPEGEncodeOptions(quality: 90, chroma: chroma))
            let decoded = try ImageFile.decode(jpeg).pixels
            var squared = 0.0
            for (a, b) in zip(original.bytes, decoded.bytes) { squared += Double((Int(a) - Int(b)) * (Int(a) - Int(b))) }
            let psnr = 10 * log10(255.0 * 255.0 / (squared / Double(original.bytes.count)))
            #expect(psnr >= 40, "\(chroma): PSNR \(psnr) dB")
        }
    }

    @Test func writtenFilesPassPngcheckAndDjpeg() throws {
        let rgb = Self.pattern(width: 50, height: 40, layout: .rgb8)
        do {
            let pngcheck = try ExternalTool.path("pngcheck")
            for layout in PixelLayout.allCases {
                for level in [1, 3] {
                    let png = try ImageEncoder.encodePNG(Self.pattern(width: 50, height: 40, layout: layout),
                                                         options: PNGEncodeOptions(compressionLevel: level), iccProfile: nil)
                    let path = try Self.writeTemporary(png, suffix: ".png")
                    defer { try? FileManager.default.removeItem(atPath: path) }
                    let result = try ExternalTool.run(pngcheck, ["-q", path])
                    #expect(result.status == 0, "pngcheck \(layout): \(String(decoding: result.stdout, as: UTF8.self))")
                }
            }
        }
        do {
            let djpeg = try ExternalTool.path("djpeg")
            let variants: [(PixelBuffer, JPEGEncodeOptions)] = [
                (rgb, JPEGEncodeOptions(encoder: .turbo)), (rgb, JPEGEncodeOptions(quality: 100, progressive: true, encoder: .turbo)),
                (rgb, JPEGEncodeOptions(quality: 1, chroma: .full444, optimizeHuffman: true, encoder: .turbo)),
                (Self.pattern(width: 50, height: 40, layout: .gray8), JPEGEncodeOptions(progressive: true, optimizeHuffman: true, encoder: .turbo)),
            ]
            for (image, options) in variants {
                let jpeg = try ImageEncoder.encodeJPEG(image, options: options)
                let path = try Self.writeTemporary(jpeg, suffix: ".jpg")
                defer { try? FileManager.default.removeItem(atPath: path) }
                let result = try ExternalTool.run(djpeg, ["-pnm", path])
                #expect(result.status == 0 && result.stderr.isEmpty, "djpeg \(options): \(result.stderr)")
                let pnm = try Djpeg.parsePNM(result.stdout)
                #expect(pnm.channels == image.layout.channels && pnm.width == 50 && pnm.height == 40)
                #expect(try Bytes(pnm.pixels) == Bytes(ImageFile.decode(jpeg).pixels.packedBytes))
                let info = try ImageFile.probe(jpeg)
                #expect(info.isProgressive == options.progressive)
                #expect(info.channels == image.layout.channels)
            }
        }
    }

    @Test func iccProfilesRoundTrip() throws {
        guard try Corpus.require() else { return }
        let p3 = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/icc-display-p3.jpg"))).iccProfile)
        let image = Self.pattern(width: 20, height: 12, layout: .rgb8)
        #expect(try ImageFile.probe(ImageEncoder.encodeJPEG(image, iccProfile: p3)).iccProfile == p3)
        #expect(try ImageFile.probe(ImageEncoder.encodePNG(image, iccProfile: p3)).iccProfile == p3)
        #expect(try ImageFile.probe(ImageEncoder.encodePNG(image)).iccProfile == nil)
        // 200 KB: needs 4 APP2 markers (at most 65519 profile bytes each)
        var big = p3
        while big.count < 200_000 { big += p3 }
        big.replaceSubrange(0 ..< 4, with: withUnsafeBytes(of: UInt32(big.count).bigEndian, Array.init))
        let jpeg = try ImageEncoder.encodeJPEG(image, iccProfile: big)
        var markers = 0
        for i in 0 ..< jpeg.count - 14 where jpeg[i] == 0xFF && jpeg[i + 1] == 0xE2 && jpeg[i + 4 ..< i + 15].elementsEqual("ICC_PROFILE".utf8) {
            markers += 1
        }
        #expect(markers == 4)
        #expect(try ImageFile.probe(jpeg).iccProfile == big)
        #expect(try ImageFile.decode(jpeg).pixels.width == 20)
    }

    @Test func invalidInputsAreArgumentErrors() throws {
        let rgba = Self.pattern(width: 4, height: 4, layout: .rgba8)
        #expect(throws: ImageIOError.invalidArgument("JPEG cannot hold an alpha channel: flatten the image first")) {
            try ImageEncoder.encodeJPEG(rgba)
        }
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodeJPEG(Self.pattern(width: 4, height: 4, layout: .grayAlpha8)) }
        let rgb = Self.pattern(width: 4, height: 4, layout: .rgb8)
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodeJPEG(rgb, options: JPEGEncodeOptions(quality: 0)) }
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodeJPEG(rgb, options: JPEGEncodeOptions(quality: 101)) }
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodePNG(rgb, options: PNGEncodeOptions(compressionLevel: 13)) }
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodePNG(PixelBuffer(width: 0, height: 0, layout: .rgb8)) }
        var short = rgb
        short.bytes.removeLast()
        #expect(throws: ImageIOError.self) { try ImageEncoder.encodePNG(short) }
        var warnings: [String] = []
        let png = try ImageEncoder.encodePNG(rgb, iccProfile: [1, 2, 3], exif: nil, warnings: &warnings)
        #expect(try ImageFile.probe(png).iccProfile == nil && warnings.count == 1, "a bad profile is left out, not an error")
    }
}
