import AspectFit
import Foundation
import Testing
import TestSupport

/// A still WebP decoded over a region, and at 1/d, gives libwebp's own pixels for that region: dwebp's
/// whole decode cropped (full scale), or dwebp's `-scale` decode cropped (at 1/d, libwebp's block
/// means), for every kind of file (lossy, lossy with an ALPH alpha plane, lossless, lossless with
/// alpha) and regions on every edge, at odd offsets, one pixel, and the whole image.
@Suite struct WebPRegionDecodeTests {
    /// The kinds of WebP: lossy or lossless, with alpha or not.
    static let kinds: [(name: String, lossless: Bool, alpha: Bool)] = [
        ("lossy", false, false), ("lossy-alpha", false, true), ("lossless", true, false), ("lossless-alpha", true, true),
    ]

    /// A 264x200 part of a photo (sides divisible by 8), with alpha: a gradient, an opaque band and a
    /// transparent hole over coloured pixels (which the block means must weigh by alpha).
    static func source(alpha: Bool, width: Int = 264, height: Int = 200) throws -> PixelBuffer {
        let photo = try ImageFile.decode(ImageFile.read(path: Corpus.path("photos/harvesters-1165x859.jpg"))).pixels
        var image = try PixelBuffer(width: width, height: height, layout: alpha ? .rgba8 : .rgb8)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let from = (300 + y) * photo.bytesPerRow + (400 + x) * 3
                let to = y * image.bytesPerRow + x * image.layout.channels
                for c in 0 ..< 3 { image.bytes[to + c] = photo.bytes[from + c] }
                if alpha {
                    let hole = (x - 150) * (x - 150) + (y - 90) * (y - 90) < 900
                    image.bytes[to + 3] = hole ? 0 : y < 40 ? 255 : UInt8((x * 255) / (width - 1))
                }
            }
        }
        return image
    }

    static func encoded(_ kind: (name: String, lossless: Bool, alpha: Bool), width: Int = 264, height: Int = 200) throws -> [UInt8] {
        try ImageEncoder.encodeWebP(source(alpha: kind.alpha, width: width, height: height),
                                    options: WebPEncodeOptions(quality: 80, lossless: kind.lossless))
    }

    /// Regions of a `w` x `h` image: whole, the corners' pixels, odd and even offsets inside, strips on
    /// each edge.
    static func regions(_ w: Int, _ h: Int) -> [PixelRect] {
        [PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 0, y: 0, width: 1, height: 1),
         PixelRect(x: w / 4 & ~1, y: h / 5 & ~1, width: w / 5, height: h / 7),
         PixelRect(x: w - 1, y: h - 1, width: 1, height: 1), PixelRect(x: w / 7 | 1, y: h / 9 | 1, width: w / 3 | 1, height: h / 4 | 1),
         PixelRect(x: 1, y: 1, width: w - 2, height: h - 2), PixelRect(x: w / 2 + 1, y: 0, width: w / 2 - 1, height: h),
         PixelRect(x: 0, y: h / 2 + 1, width: w, height: h / 2 - 1)]
    }

    @Test(arguments: kinds.map(\.name))
    func aRegionIsThatPartOfDwebpsWholeDecode(_ name: String) throws {
        guard try Corpus.require() else { return }
        let kind = Self.kinds.first { $0.name == name }!
        let webp = try Self.encoded(kind)
        let whole = try IndependentDecoder.pixels(webp, suffix: ".webp")
        for region in Self.regions(264, 200) {
            let part = try ImageFile.decode(webp, options: DecodeOptions(region: region))
            #expect(part.region == region && part.scaledWidth == 264 && part.scaledHeight == 200)
            #expect(part.pixels.layout == whole.layout, "\(name)")
            #expect(Bytes(part.pixels.packedBytes) == Bytes(PixelConversion.crop(whole, x: region.x, y: region.y, width: region.width,
                                                                                    height: region.height)), "\(name) \(region)")
        }
    }

    @Test(arguments: kinds.map(\.name), [2, 4, 8])
    func aScaledRegionIsThatPartOfDwebpsScaledDecode(_ name: String, _ d: Int) throws {
        guard try Corpus.require() else { return }
        let kind = Self.kinds.first { $0.name == name }!
        let webp = try Self.encoded(kind)
        let (w, h) = (264 / d, 200 / d)
        let scaled = try IndependentDecoder.pixels(webp, suffix: ".webp", dwebpOptions: ["-scale", "\(w)", "\(h)"])
        for region in Self.regions(w, h) {
            let part = try ImageFile.decode(webp, options: DecodeOptions(scaleDenominator: d, region: region))
            #expect(part.region == region && part.scaledWidth == w && part.scaledHeight == h)
            #expect(Bytes(part.pixels.packedBytes) == Bytes(PixelConversion.crop(scaled, x: region.x, y: region.y, width: region.width,
                                                                                    height: region.height)), "\(name) 1/\(d) \(region)")
        }
    }

    /// At 1/d every decoded pixel is the mean of its d x d block, colours weighted by alpha: checked
    /// on a lossless file, whose stored pixels are exact, in premultiplied values (colour x alpha / 255,
    /// which is what a block mean keeps; a nearly clear pixel's colour alone is any).
    @Test(arguments: [2, 4, 8])
    func scaledPixelsAreBlockMeans(_ d: Int) throws {
        guard try Corpus.require() else { return }
        let image = try Self.source(alpha: true)
        let webp = try ImageEncoder.encodeWebP(image, options: WebPEncodeOptions(lossless: true))
        let scaled = try ImageFile.decode(webp, options: DecodeOptions(scaleDenominator: d)).pixels
        var worst = 0.0
        for by in 0 ..< 200 / d {
            for bx in 0 ..< 264 / d {
                var sums = [0.0, 0, 0, 0]
                for y in by * d ..< (by + 1) * d {
                    for x in bx * d ..< (bx + 1) * d {
                        let p = y * image.bytesPerRow + x * 4, a = Double(image.bytes[p + 3])
                        for c in 0 ..< 3 { sums[c] += Double(image.bytes[p + c]) * a / 255 }
                        sums[3] += a
                    }
                }
                let q = by * scaled.bytesPerRow + bx * 4, alpha = Double(scaled.bytes[q + 3])
                worst = max(worst, abs(alpha - sums[3] / Double(d * d)))
                for c in 0 ..< 3 {
                    worst = max(worst, abs(Double(scaled.bytes[q + c]) * alpha / 255 - sums[c] / Double(d * d)))
                }
            }
        }
        #expect(worst <= 2, "1/\(d): worst difference \(worst)")   // libwebp's fixed-point rescaler: 1.4 measured
    }

    @Test func aScaleThatDoesNotDivideBothSidesIsRefused() throws {
        guard try Corpus.require() else { return }
        let webp = try Self.encoded(Self.kinds[0], width: 260, height: 198)   // 260 = 4 x 65, 198 = 2 x 99
        #expect(try ImageFile.decode(webp, options: DecodeOptions(scaleDenominator: 2)).pixels.width == 130)
        for d in [4, 8] {
            #expect(throws: ImageIOError.self, "1/\(d)") { try ImageFile.decode(webp, options: DecodeOptions(scaleDenominator: d)) }
        }
    }

    @Test func anAnimationHasNoScaledDecode() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("webp/animated-alpha-sharp.webp"))
        #expect(try ImageFile.probe(data).isAnimated)
        #expect(throws: ImageIOError.self) { try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: 2)) }
    }

    @Test(arguments: kinds.map(\.name))
    func theProbeSaysWhichCodingAFileHas(_ name: String) throws {
        guard try Corpus.require() else { return }
        let kind = Self.kinds.first { $0.name == name }!
        let info = try ImageFile.probe(Self.encoded(kind))
        #expect(info.isLossless == kind.lossless)
        #expect(ShrinkOnLoad(info) == (kind.lossless ? .none : .blockMean(alpha: kind.alpha)))
    }
}
