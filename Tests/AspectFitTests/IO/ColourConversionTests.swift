import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// Decoding through ICC profiles (LittleCMS) against Pillow's ImageCms (scripts/generate/make-colour-references.py):
/// CMYK/YCCK always, wide-gamut RGB and grey with `convertToSRGB`. The bar: mean absolute
/// difference <= 1.5 per channel and 99.9% of samples within 4.
@Suite struct ColourConversionTests {
    struct Comparison {
        var meanDifference: [Double]
        var within4: Double

        var meetsTheBar: Bool { meanDifference.allSatisfy { $0 <= 1.5 } && within4 >= 0.999 }
    }

    static func decode(_ path: String, scale: Int = 1, toSRGB: Bool) throws -> DecodedImage {
        var options = DecodeOptions(scaleDenominator: scale)
        options.convertToSRGB = toSRGB
        return try ImageFile.decode(ImageFile.read(path: Corpus.path(path)), options: options)
    }

    /// Our pixels at the reference's grid against the reference samples.
    static func compare(_ pixels: PixelBuffer, _ reference: ColourReferences.Entry) throws -> Comparison {
        let expected = try #require(Data(base64Encoded: reference.samples)).map(Int.init)
        let grid = ColourReferences.grid
        let channels = reference.gray ? 1 : 3
        var sums = [Double](repeating: 0, count: channels)
        var close = 0
        for j in 0 ..< grid {
            for i in 0 ..< grid {
                let x = (2 * i + 1) * pixels.width / (2 * grid), y = (2 * j + 1) * pixels.height / (2 * grid)
                let ours = pixels[x, y]
                var worst = 0
                for c in 0 ..< channels {
                    let d = abs(Int(ours[ours.startIndex + c]) - expected[(j * grid + i) * channels + c])
                    sums[c] += Double(d)
                    worst = max(worst, d)
                }
                if worst <= 4 { close += 1 }
            }
        }
        let n = Double(grid * grid)
        return Comparison(meanDifference: sums.map { $0 / n }, within4: Double(close) / n)
    }

    @Test(arguments: ColourReferences.entries.keys.sorted())
    func matchesPillowImageCms(_ path: String) throws {
        guard try Corpus.require() else { return }
        let reference = try #require(ColourReferences.entries[path])
        let decoded = try Self.decode(path, scale: reference.scaleDenominator, toSRGB: true)
        #expect(decoded.pixels.width == reference.width && decoded.pixels.height == reference.height)
        #expect(decoded.pixels.layout.channels - (decoded.pixels.layout.hasAlpha ? 1 : 0) == (reference.gray ? 1 : 3))
        let converted = try Self.compare(decoded.pixels, reference)
        #expect(converted.meetsTheBar, "\(path): \(converted)")
        #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
        // The file must tell a converted decode from an unconverted one (CMYK is always converted).
        if try ImageFile.probe(ImageFile.read(path: Corpus.path(path))).isCMYK == false {
            let plain = try Self.decode(path, scale: reference.scaleDenominator, toSRGB: false)
            let unconverted = try Self.compare(plain.pixels, reference)
            #expect(!unconverted.meetsTheBar, "\(path) does not test the conversion: \(unconverted)")
        }
    }

    @Test func alphaIsCarriedThroughUnchanged() throws {
        guard try Corpus.require() else { return }
        let converted = try Self.decode("icc/adobergb-rgba.png", toSRGB: true).pixels
        let plain = try Self.decode("icc/adobergb-rgba.png", toSRGB: false).pixels
        #expect(converted.layout == .rgba8)
        let alpha = { (p: PixelBuffer) in stride(from: 3, to: p.bytes.count, by: 4).map { p.bytes[$0] } }
        #expect(alpha(converted) == alpha(plain))
        #expect(converted.bytes != plain.bytes)
    }

    /// sRGB profiles (by description or by colourants and curves), untagged files and profiles that do
    /// not fit the pixels leave the pixels exactly as decoded; an unfit profile says so.
    @Test(arguments: ["icc/srgb-hp-known-incorrect.jpg", "icc/srgb-hp-known-incorrect-rgba.png",
                      "icc/srgb-pcs-not-d50.png", "icc/srgb-bad-rendering-intent.jpg", "photos/harvesters-1165x859.jpg",
                      "icc/gray-profile-on-rgb.jpg", "icc/srgb-profile-on-gray.jpg"])
    func sRGBUntaggedAndUnfitInputIsLeftAsItIs(_ path: String) throws {
        guard try Corpus.require() else { return }
        let converted = try Self.decode(path, toSRGB: true)
        #expect(Bytes(converted.pixels.bytes) == Bytes((try Self.decode(path, toSRGB: false)).pixels.bytes))
        #expect(converted.warnings.contains { $0.contains("ICC profile ignored") } == path.contains("-on-"),
                "\(converted.warnings)")
    }

    /// A profile that is sRGB by its numbers only (LittleCMS's built-in, "sRGB built-in") is skipped too.
    @Test func sRGBByColourantsAndCurvesIsLeftAsItIs() throws {
        let source = try PixelBuffer(width: 64, height: 1, layout: .rgb8, bytesPerRow: 192,
                                 bytes: (0 ..< 192).map { UInt8(($0 * 37) % 256) })
        let png = try ImageEncoder.encodePNG(source, iccProfile: ColourTag.compactSRGB)
        var options = DecodeOptions()
        options.convertToSRGB = true
        #expect(try Bytes(ImageFile.decode(png, options: options).pixels.bytes) == Bytes(source.bytes))
    }

    /// Many distinct profiles (more than the cache holds) decoded from several threads at once give
    /// the same pixels as one at a time.
    @Test func distinctProfilesConcurrentlyEqualSerial() async throws {
        guard try Corpus.require() else { return }
        let original = try ImageFile.read(path: Corpus.path("png-extra/iccp-display-p3-8x8.png"))
        let info = try ImageFile.probe(original)
        let p3 = try #require(info.iccProfile)
        let pixels = try ImageFile.decode(original).pixels
        // The same profile with a different creation date (bytes 24...35): a distinct cache key.
        let files = try (0 ..< 40).map { k -> [UInt8] in
            var profile = p3
            profile[25] = UInt8(k)
            return try ImageEncoder.encodePNG(pixels, iccProfile: profile)
        }
        var convert = DecodeOptions()
        convert.convertToSRGB = true
        let options = convert
        let serial = try files.map { try ImageFile.decode($0, options: options).pixels.bytes }
        #expect(Set(serial).count == 1 && serial[0] != pixels.bytes)
        let concurrent = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (k, file) in Array(files.enumerated()) + Array(files.enumerated()) + Array(files.enumerated())
                + Array(files.enumerated()) {
                group.addTask { (k, try ImageFile.decode(file, options: options).pixels.bytes) }
            }
            var results: [(Int, [UInt8])] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(concurrent.count == 160 && concurrent.allSatisfy { $0.1 == serial[$0.0] })
    }
}
