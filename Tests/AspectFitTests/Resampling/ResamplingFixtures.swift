import Foundation
@testable import AspectFit

/// Test images and image comparisons for the resampler tests.
enum ResamplingFixtures {
    /// A deterministic photo-like image: smooth gradients, soft texture, sharp-edged shapes and
    /// fine noise; with alpha, a soft-edged opaque region over fully transparent pixels whose
    /// colour is junk.
    static func photo(width: Int, height: Int, layout: PixelLayout, seed: UInt64 = 1) -> PixelBuffer {
        var image = try! PixelBuffer(width: width, height: height, layout: layout)
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func noise() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 40) / Double(1 << 24) - 0.5
        }
        let ch = layout.channels
        for y in 0 ..< height {
            for x in 0 ..< width {
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let inBox = (u > 0.3 && u < 0.55 && v > 0.2 && v < 0.7)
                let disc = (u - 0.7) * (u - 0.7) + (v - 0.6) * (v - 0.6) < 0.04
                for c in 0 ..< ch {
                    var s = 0.25 + 0.5 * (c % 2 == 0 ? u : v) + 0.1 * sin(Double(x + 3 * c) * 0.35) * cos(Double(y) * 0.22)
                    if inBox { s = 0.85 - 0.1 * Double(c) }
                    if disc { s = 0.1 + 0.05 * Double(c) }
                    s += 0.04 * noise()
                    image.bytes[y * image.bytesPerRow + x * ch + c] = UInt8(min(max((s * 255).rounded(), 0), 255))
                }
                if layout.hasAlpha {
                    let edge = min(max((0.8 - hypot(u - 0.45, v - 0.5) * 2.2) * 4, 0), 1)
                    image.bytes[y * image.bytesPerRow + x * ch + ch - 1] = UInt8((edge * 255).rounded())
                    if edge == 0 { for c in 0 ..< ch - 1 { image.bytes[y * image.bytesPerRow + x * ch + c] = c == 1 ? 255 : 0 } }
                }
            }
        }
        return image
    }

    /// Peak signal-to-noise ratio in dB over all samples (infinity when identical).
    ///
    /// With alpha, colours are compared as they show, multiplied by their alpha: the colour of a
    /// nearly transparent pixel is invisible, and 8-bit alpha cannot pin it down anyway.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height && a.layout == b.layout)
        let pa = visible(a), pb = visible(b)
        var sum = 0.0
        for s in pa.indices { let d = pa[s] - pb[s]; sum += d * d }
        let mse = sum / Double(pa.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Samples as Doubles, colours multiplied by alpha / 255 when there is alpha.
    static func visible(_ image: PixelBuffer) -> [Double] {
        let ch = image.layout.channels
        let packed = image.packedBytes.map(Double.init)
        guard image.layout.hasAlpha else { return packed }
        return packed.indices.map { s in
            s % ch == ch - 1 ? packed[s] : packed[s] * packed[s - s % ch + ch - 1] / 255
        }
    }

    /// Where stored pixel (x, y) of a w x h image lands upright, from the EXIF 2.32 table (tag
    /// 0x0112: which visual side the 0th row and 0th column are), not from the library.
    static func exifUpright(_ value: Int, x: Int, y: Int, w: Int, h: Int) -> (x: Int, y: Int) {
        switch value {
        case 1: (x, y)                      // row 0 top, column 0 left
        case 2: (w - 1 - x, y)              // row 0 top, column 0 right
        case 3: (w - 1 - x, h - 1 - y)      // row 0 bottom, column 0 right
        case 4: (x, h - 1 - y)              // row 0 bottom, column 0 left
        case 5: (y, x)                      // row 0 left, column 0 top
        case 6: (h - 1 - y, x)              // row 0 right, column 0 top
        case 7: (h - 1 - y, w - 1 - x)      // row 0 right, column 0 bottom
        case 8: (y, w - 1 - x)              // row 0 left, column 0 bottom
        default: preconditionFailure("EXIF orientation \(value)")
        }
    }

    /// The upright copy of a stored image with orientation `o`, moved pixel by pixel.
    static func upright(_ stored: PixelBuffer, _ o: Orientation) -> PixelBuffer {
        let swaps = o.rawValue >= 5
        var out = try! PixelBuffer(width: swaps ? stored.height : stored.width, height: swaps ? stored.width : stored.height,
                              layout: stored.layout)
        let ch = stored.layout.channels
        for y in 0 ..< stored.height {
            for x in 0 ..< stored.width {
                let p = exifUpright(o.rawValue, x: x, y: y, w: stored.width, h: stored.height)
                for c in 0 ..< ch { out.bytes[p.y * out.bytesPerRow + p.x * ch + c] = stored.bytes[y * stored.bytesPerRow + x * ch + c] }
            }
        }
        return out
    }

    /// A copy of the whole-pixel rectangle `r` of `image`.
    static func cropped(_ image: PixelBuffer, _ r: PixelRect) -> PixelBuffer {
        let ch = image.layout.channels
        var out = try! PixelBuffer(width: r.width, height: r.height, layout: image.layout)
        for y in 0 ..< r.height {
            let from = (r.y + y) * image.bytesPerRow + r.x * ch
            out.bytes.replaceSubrange(y * out.bytesPerRow ..< (y + 1) * out.bytesPerRow, with: image.bytes[from ..< from + r.width * ch])
        }
        return out
    }

    /// Resamples with the library in one call.
    static func resample(_ image: PixelBuffer, _ filter: Filter, crop: Box? = nil, width: Int, height: Int,
                         orientation: Orientation = .up, linearLight: Bool = false, using set: InstructionSet = .preferred) -> PixelBuffer {
        let r = Resampler(filter: filter, sourceWidth: image.width, sourceHeight: image.height,
                          crop: crop ?? Box(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                          outputWidth: width, outputHeight: height, orientation: orientation,
                          layout: image.layout, linearLight: linearLight)
        r.instructionSet = set
        return r.resample(image)
    }
}
