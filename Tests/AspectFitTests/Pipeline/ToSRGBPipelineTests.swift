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
            #expect(Bytes(before.bytes) == Bytes(after.bytes), "\(path)")
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

    /// The pipeline converts the decoded rows before resampling: its output equals fitting the source
    /// converted whole first (checked against Pillow in ColourConversionTests) and stored losslessly.
    /// (Converting after resampling instead, as vips and sharp do, is 2x cheaper on big photos but
    /// leaves only 97.6-99.5% of these pixels within 4 levels at edges; this test would catch it.)
    @Test(arguments: ["jpeg/icc-display-p3.jpg", "icc/adobergb.jpg", "icc/adobergb-rgba.png"])
    func convertsBeforeResampling(_ path: String) throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path(path))
        var decode = DecodeOptions()
        decode.convertToSRGB = true
        let source = try ImageFile.decode(data, options: decode).pixels
        let configure = { (options: inout FitOptions) in
            options.ratio = .square; options.size = .width(150); options.format = .png
        }
        var first = FitOptions()
        configure(&first)
        let reference = try Pipeline(options: first).run(try ImageEncoder.encodePNG(source))
        var after = FitOptions()
        configure(&after)
        after.toSRGB = true
        let converted = try Pipeline(options: after).run(data)
        #expect(reference.plan.geometry.decodeScale == 1 && converted.plan.geometry.decodeScale == 1)
        let a = try ImageFile.decode(converted.bytes).pixels, b = try ImageFile.decode(reference.bytes).pixels
        #expect(a.layout == b.layout && a.width == b.width && a.height == b.height)
        let channels = a.layout.channels
        var sums = [Double](repeating: 0, count: channels)
        var close = 0
        for i in 0 ..< a.width * a.height {
            var worst = 0
            for c in 0 ..< channels {
                let d = abs(Int(a.bytes[i * channels + c]) - Int(b.bytes[i * channels + c]))
                sums[c] += Double(d)
                worst = max(worst, d)
            }
            if worst <= 4 { close += 1 }
        }
        let n = Double(a.width * a.height)
        #expect(sums.allSatisfy { $0 / n <= 1.5 } && Double(close) / n >= 0.999,
                "\(path): mean \(sums.map { $0 / n }), within 4: \(Double(close) / n)")
    }
}
