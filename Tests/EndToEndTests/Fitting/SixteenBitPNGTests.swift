import Foundation
import Testing
import TestSupport
import AspectFit

/// 16-bit PNG in, 16-bit PNG out, through the real binary: every colour type (gray, gray+alpha,
/// RGB, RGBA), tRNS, Adam7, odd sizes, an ICC profile, an EXIF orientation, corners and letterbox,
/// PngSuite's 16-bit files. Inputs come from the tests' own PNG writer (`SixteenBitPNG`), outputs
/// are read by Python's zlib and the spec's unfilters, and pixels are compared with the float64
/// reference (`ReferenceResampler`): within 3 of 65535 codes, where 8-bit output would be off by
/// up to 128.
@Suite(.tags(.pipeline)) struct SixteenBitPNGTests {
    /// One kind of input.
    struct Kind: CustomStringConvertible, Sendable {
        var layout: PixelLayout
        var interlaced = false
        var tRNS = false
        var icc = false
        var orientation = 1
        var description: String {
            "\(layout)\(interlaced ? " interlaced" : "")\(tRNS ? " tRNS" : "")\(icc ? " ICC" : "")\(orientation != 1 ? " orientation \(orientation)" : "")"
        }
    }

    static let kinds: [Kind] = PixelLayout.allCases.flatMap { layout in
        [Kind(layout: layout), Kind(layout: layout, interlaced: true), Kind(layout: layout, orientation: 6)]
            + (layout.hasAlpha ? [] : [Kind(layout: layout, tRNS: true), Kind(layout: layout, interlaced: true, tRNS: true)])
            + (layout.channels >= 3 ? [Kind(layout: layout, icc: true)] : [])
    }

    /// The value tRNS marks transparent; the generated image holds it in a few pixels.
    static let transparentValue: UInt16 = 12345

    /// A 33x21 stored image of the kind's layout; with tRNS, every 7th pixel has the tRNS colour.
    static func source(_ kind: Kind) -> PixelBuffer16 {
        var image = WideImages.gradient(width: 33, height: 21, layout: kind.layout)
        if kind.tRNS {
            for p in stride(from: 3, to: 33 * 21, by: 7) {
                for c in 0 ..< kind.layout.channels { image.samples[p * kind.layout.channels + c] = transparentValue }
            }
        }
        return image
    }

    /// The pixels the decoder should see: tRNS expanded to alpha 0 or 65535, turned upright.
    static func seen(_ kind: Kind, _ stored: PixelBuffer16) -> PixelBuffer16 {
        var image = stored
        if kind.tRNS {
            let ch = stored.layout.channels
            var samples: [UInt16] = []
            for p in 0 ..< stored.width * stored.height {
                let pixel = stored.samples[p * ch ..< (p + 1) * ch]
                samples += pixel + [pixel.allSatisfy { $0 == transparentValue } ? 0 : .max]
            }
            image = PixelBuffer16(width: stored.width, height: stored.height, layout: stored.layout.withAlpha, samples: samples)
        }
        return WideImages.upright(image, exif: kind.orientation)
    }

    @Test(arguments: kinds)
    func everyKindComesOut16BitAndMatchesTheReference(kind: Kind) throws {
        let sandbox = try Sandbox()
        let stored = Self.source(kind)
        var profile: [UInt8]?
        if kind.icc {
            guard try Corpus.require() else { return }
            profile = try ImageFile.probe([UInt8](Data(contentsOf: URL(fileURLWithPath: Corpus.path("png-extra/rgb16-monkey-iccp.png"))))).iccProfile
        }
        let input = SixteenBitPNG.Source(image: stored, interlaced: kind.interlaced,
                                         transparent: kind.tRNS ? Array(repeating: Self.transparentValue, count: stored.layout.channels) : nil,
                                         iccProfile: profile, orientation: kind.orientation == 1 ? nil : kind.orientation)
        try Data(SixteenBitPNG.encode(input)).write(to: sandbox.url("in.png"))
        let upright = Self.seen(kind, stored)
        // the source's own shape, so the crop is the whole image: 33x21 -> 11x7, 21x33 -> 7x11
        let width = upright.width / 3
        let result = try sandbox.run(["-w", "\(width)", "-o", "out.png", "in.png"])
        #expect(result.status == 0, "\(kind): \(result.stderr)")
        let out = try SixteenBitPNG.read(sandbox.url("out.png").path)
        #expect(out.depth == 16, "\(kind): written with \(out.depth) bits")
        #expect(out.colour == Int(SixteenBitPNG.colourType(upright.layout)), "\(kind): colour type \(out.colour)")
        #expect(out.icc == profile.map { $0.map { String(format: "%02x", $0) }.joined() }, "\(kind): ICC profile")
        let reference = ReferenceResampler.resample(upright, filter: .lanczos3, crop: Box(x: 0, y: 0, width: Double(upright.width),
                                                    height: Double(upright.height)), width: width, height: upright.height / 3)
        guard out.depth == 16, out.width == reference.width, out.height == reference.height,
              out.samples.count == reference.samples.count else {
            Issue.record("\(kind): \(out.width)x\(out.height) \(out.samples.count) samples, expected \(reference.width)x\(reference.height)")
            return
        }
        let error = WideImages.maxError(out.samples, reference.samples, layout: upright.layout)
        #expect(error <= 3, "\(kind): off by \(error) of 65535")

        // a centred square crop (33 - 21 even: whole-pixel offsets)
        let side = min(upright.width, upright.height)
        #expect(try sandbox.run(["-r", "1:1", "-w", "7", "-o", "square.png", "in.png"]).status == 0)
        let square = try SixteenBitPNG.read(sandbox.url("square.png").path)
        let crop = Box(x: Double(upright.width - side) / 2, y: Double(upright.height - side) / 2, width: Double(side), height: Double(side))
        let cropped = ReferenceResampler.resample(upright, filter: .lanczos3, crop: crop, width: 7, height: 7)
        #expect(square.depth == 16 && square.samples.count == cropped.samples.count, "\(kind) square: \(square.depth)-bit")
        guard square.samples.count == cropped.samples.count else { return }
        let cropError = WideImages.maxError(square.samples, cropped.samples, layout: upright.layout)
        #expect(cropError <= 3, "\(kind) square crop: off by \(cropError) of 65535")
    }

    /// `--png-depth 8` writes a 16-bit source with 8 bits; `--png-depth 16` widens an 8-bit one
    /// (within one 8-bit code of its 8-bit output, times 257).
    @Test func theDepthOptionForcesEitherWay() throws {
        let sandbox = try Sandbox()
        try Data(SixteenBitPNG.encode(.init(image: WideImages.gradient(width: 33, height: 21, layout: .rgba8))))
            .write(to: sandbox.url("deep.png"))
        #expect(try sandbox.run(["-w", "11", "--png-depth", "8", "-o", "eight.png", "deep.png"]).status == 0)
        #expect(try SixteenBitPNG.read(sandbox.url("eight.png").path).depth == 8)
        var shallow = try PixelBuffer(width: 30, height: 20, layout: .rgb8)
        for i in shallow.bytes.indices { shallow.bytes[i] = UInt8(truncatingIfNeeded: i * 7 + i / 90) }
        try Data(ImageEncoder.encodePNG(shallow)).write(to: sandbox.url("shallow.png"))
        #expect(try sandbox.run(["-w", "10", "--png-depth", "16", "-o", "wide.png", "shallow.png"]).status == 0)
        #expect(try sandbox.run(["-w", "10", "-o", "narrow.png", "shallow.png"]).status == 0)
        let wide = try SixteenBitPNG.read(sandbox.url("wide.png").path), narrow = try SixteenBitPNG.read(sandbox.url("narrow.png").path)
        #expect(wide.depth == 16 && narrow.depth == 8, "an 8-bit source is 8-bit by default, 16 when asked")
        #expect(wide.samples.count == narrow.samples.count)
        let worst = zip(wide.samples, narrow.samples).map { abs($0 - $1 * 257) }.max() ?? .max
        #expect(worst <= 257, "widened output within one 8-bit code: \(worst)")
    }

    /// Corners cut into 16-bit alpha (anti-aliased: coverage between 0 and 1 at the edge) and
    /// letterbox bars transparent, on an opaque 16-bit RGB source.
    @Test func cornersAndBarsAre16Bit() throws {
        let sandbox = try Sandbox()
        try Data(SixteenBitPNG.encode(.init(image: WideImages.gradient(width: 33, height: 21, layout: .rgb8))))
            .write(to: sandbox.url("in.png"))
        #expect(try sandbox.run(["-w", "22", "--radius", "6", "-o", "round.png", "in.png"]).status == 0)
        let round = try SixteenBitPNG.read(sandbox.url("round.png").path)
        #expect(round.depth == 16 && round.colour == 6, "corners add a 16-bit alpha channel")
        let alpha = stride(from: 3, to: round.samples.count, by: 4).map { round.samples[$0] }
        #expect(alpha.first == 0 && alpha[alpha.count / 2 + round.width / 2] == 65535)
        #expect(alpha.contains { $0 > 0 && $0 < 65535 }, "anti-aliased edge")
        #expect(try sandbox.run(["-s", "20x20", "--fit", "contain", "-o", "box.png", "in.png"]).status == 0)
        let box = try SixteenBitPNG.read(sandbox.url("box.png").path)
        #expect(box.depth == 16 && box.colour == 6 && box.width == 20 && box.height == 20)
        let boxAlpha = stride(from: 3, to: box.samples.count, by: 4).map { box.samples[$0] }
        #expect(boxAlpha[10] == 0 && boxAlpha[10 * 20 + 10] == 65535, "bars transparent, the image opaque")
    }

    /// A window chosen from the pixels (`-g attention`, `-g entropy`) keeps 16 bits; `--to-srgb`
    /// converts at 8 bits, so by default a profiled 16-bit source comes out 8-bit, and with
    /// `--png-depth 16` 16-bit with a warning that it holds 8-bit precision.
    @Test func smartCropAndToSRGB() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Data(SixteenBitPNG.encode(.init(image: WideImages.gradient(width: 33, height: 21, layout: .rgba8))))
            .write(to: sandbox.url("in.png"))
        for gravity in ["attention", "entropy"] {
            let result = try sandbox.run(["-g", gravity, "-r", "1:1", "-w", "10", "-o", "\(gravity).png", "in.png"])
            #expect(result.status == 0, "\(result.stderr)")
            let out = try SixteenBitPNG.read(sandbox.url("\(gravity).png").path)
            #expect(out.depth == 16 && out.width == 10 && out.height == 10, "-g \(gravity): \(out.depth)-bit \(out.width)x\(out.height)")
        }
        try sandbox.copy("png-extra/rgb16-monkey-iccp.png", to: "p3.png")
        #expect(try sandbox.run(["-w", "20", "--to-srgb", "-o", "srgb.png", "p3.png"]).status == 0)
        let srgb = try SixteenBitPNG.read(sandbox.url("srgb.png").path)
        #expect(srgb.depth == 8 && srgb.icc == nil && srgb.chunks.contains("sRGB"), "converted at 8 bits, tagged sRGB")
        let forced = try sandbox.run(["-w", "20", "--to-srgb", "--png-depth", "16", "-o", "forced.png", "p3.png"])
        #expect(forced.stderr.contains("--to-srgb reads this 16-bit PNG at 8 bits"), "\(forced.stderr)")
        let wide = try SixteenBitPNG.read(sandbox.url("forced.png").path)
        #expect(wide.depth == 16 && wide.chunks.contains("sRGB"))
        #expect(zip(wide.samples, srgb.samples).allSatisfy { abs($0 - $1 * 257) <= 2 * 257 }, "the same conversion, widened")
    }

    /// The memory estimate counts the 16-bit route (2 bytes a sample, the Float32 copies): it is over
    /// the 16-bit source and output pixels alone, and the fit's peak stays under it.
    @Test func theMemoryEstimateHoldsTheSixteenBitRoute() throws {
        let sandbox = try Sandbox()
        try Data(SixteenBitPNG.encode(.init(image: WideImages.gradient(width: 1500, height: 1000, layout: .rgba8))))
            .write(to: sandbox.url("big.png"))
        let planned = try sandbox.run(["--dry-run", "--json", "-w", "1200", "big.png"])
        let estimate = try #require(planned.jsonLines.compactMap { $0["memory"] as? Int }.first, "\(planned.stdoutText)")
        #expect(estimate > (1500 * 1000 + 1200 * 800) * 4 * 2)
        let fit = try ProcessPeaks.run(["-w", "1200", "-o", "out.png", "big.png"], in: sandbox.root)
        #expect(fit.status == 0)
        #expect(fit.kilobytes * 1024 <= estimate, "peak \(fit.kilobytes) KiB, estimated \(estimate / 1024) KiB")
    }

    /// PngSuite's 16-bit files: 16-bit out, the interlaced file gives the same bytes as its
    /// non-interlaced twin, and the pixels match the reference on Python's reading of the source.
    @Test(arguments: ["0g16", "2c16", "4a16", "6a16"])
    func pngSuiteSixteenBitFiles(name: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("pngsuite/basn\(name).png", to: "n.png")
        try sandbox.copy("pngsuite/basi\(name).png", to: "i.png")
        let result = try sandbox.run(["-w", "12", "-o", "out/", "n.png", "i.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let plain = try SixteenBitPNG.read(sandbox.url("out/n.png").path), interlaced = try SixteenBitPNG.read(sandbox.url("out/i.png").path)
        #expect(plain.depth == 16 && plain.width == 12 && plain.height == 12, "basn\(name): \(plain.depth)-bit \(plain.width)x\(plain.height)")
        #expect(plain.samples == interlaced.samples, "basi\(name) and basn\(name) hold the same pixels")
        let source = try SixteenBitPNG.read(Corpus.path("pngsuite/basn\(name).png"))
        let layout = PixelLayout(rawValue: [0: 1, 4: 2, 2: 3, 6: 4][source.colour]!)!
        let image = PixelBuffer16(width: source.width, height: source.height, layout: layout, samples: source.samples.map { UInt16($0) })
        let reference = ReferenceResampler.resample(image, filter: .lanczos3, crop: Box(x: 0, y: 0, width: 32, height: 32), width: 12, height: 12)
        guard plain.samples.count == reference.samples.count else { return }
        let error = WideImages.maxError(plain.samples, reference.samples, layout: layout)
        #expect(error <= 3, "basn\(name): off by \(error) of 65535")
    }
}

/// Generated 16-bit images and their comparison.
enum WideImages {
    /// Diagonal gradients over the full 16-bit range with fine noise (so the low byte matters),
    /// alpha from nearly transparent to opaque.
    static func gradient(width: Int, height: Int, layout: PixelLayout) -> PixelBuffer16 {
        let ch = layout.channels
        var state: UInt64 = 11
        var samples = [UInt16](repeating: 0, count: width * height * ch)
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< ch {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let noise = Double(state >> 40) / Double(1 << 24) - 0.5
                    let alpha = layout.hasAlpha && c == ch - 1
                    let v = alpha ? 0.1 + 0.9 * Double(x + y) / Double(width + height)
                        : (Double(x) / Double(width) + Double(y + c) / Double(height + 2)) / 2 + noise * 0.02
                    samples[(y * width + x) * ch + c] = UInt16(min(max(v, 0), 1) * 65535)
                }
            }
        }
        return PixelBuffer16(width: width, height: height, layout: layout, samples: samples)
    }

    /// The upright copy of a stored image with EXIF orientation `exif`, from the EXIF 2.32 table.
    static func upright(_ stored: PixelBuffer16, exif: Int) -> PixelBuffer16 {
        let (w, h) = (stored.width, stored.height)
        let (uw, uh) = exif >= 5 ? (h, w) : (w, h)
        let ch = stored.layout.channels
        var samples = [UInt16](repeating: 0, count: stored.samples.count)
        for y in 0 ..< h {
            for x in 0 ..< w {
                let p = ExifOrientationTable.upright(exif: exif, x: x, y: y, width: w, height: h)
                for c in 0 ..< ch { samples[(p.y * uw + p.x) * ch + c] = stored.samples[(y * w + x) * ch + c] }
            }
        }
        return PixelBuffer16(width: uw, height: uh, layout: stored.layout, samples: samples)
    }

    /// The largest difference of what is seen (colour times alpha, and alpha), in 16-bit codes.
    static func maxError(_ a: [Int], _ b: [UInt16], layout: PixelLayout) -> Double {
        let ch = layout.channels
        var worst = 0.0
        for p in 0 ..< a.count / ch {
            for c in 0 ..< ch {
                var (x, y) = (Double(a[p * ch + c]), Double(b[p * ch + c]))
                if layout.hasAlpha && c < ch - 1 {
                    x *= Double(a[p * ch + ch - 1]) / 65535
                    y *= Double(b[p * ch + ch - 1]) / 65535
                }
                worst = max(worst, abs(x - y))
            }
        }
        return worst
    }
}
