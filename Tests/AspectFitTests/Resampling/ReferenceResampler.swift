import Foundation
@testable import AspectFit

/// A float64 resampler written straight from the geometry definition, with no shortcuts: every
/// source pixel of the image is weighed, colours premultiplied and linearised in Double.
enum ReferenceResampler {
    /// Normalised weights of every source pixel for every output pixel of one axis.
    static func weights(_ filter: Filter, sourceSize: Int, offset: Double, length: Double, count: Int) -> [[Double]] {
        let f = length / Double(count)
        let stretch = filter == .nearest ? 1 : max(f, 1)
        return (0 ..< count).map { i in
            let centre = offset + (Double(i) + 0.5) * f
            var w = (0 ..< sourceSize).map { k in filter.kernel((Double(k) + 0.5 - centre) / stretch) }
            let sum = w.reduce(0, +)
            if sum == 0 {
                w = [Double](repeating: 0, count: sourceSize)
                w[min(max(Int(centre.rounded(.down)), 0), sourceSize - 1)] = 1
                return w
            }
            return w.map { $0 / sum }
        }
    }

    /// Resamples `crop` of an upright `source` to `width` x `height`.
    static func resample(_ source: PixelBuffer, filter: Filter, crop: Box, width: Int, height: Int,
                         linearLight: Bool = false) -> PixelBuffer {
        let ch = source.layout.channels
        let alpha = source.layout.hasAlpha
        let colours = alpha ? ch - 1 : ch
        // Source samples as Double: linear light if asked, colour premultiplied by alpha.
        var samples = [Double](repeating: 0, count: source.width * source.height * ch)
        for y in 0 ..< source.height {
            for x in 0 ..< source.width {
                let px = Array(source[x, y])
                let a = alpha ? Double(px[ch - 1]) / 255 : 1
                for c in 0 ..< ch {
                    let base = (y * source.width + x) * ch + c
                    if alpha && c == ch - 1 { samples[base] = a; continue }
                    let v = Double(px[c]) / 255
                    samples[base] = (linearLight ? SRGBTables.decode(v) : v) * a
                }
            }
        }
        let wx = weights(filter, sourceSize: source.width, offset: crop.x, length: crop.width, count: width)
        let wy = weights(filter, sourceSize: source.height, offset: crop.y, length: crop.height, count: height)
        var rows = [Double](repeating: 0, count: source.height * width * ch)
        for y in 0 ..< source.height {
            for i in 0 ..< width {
                for k in 0 ..< source.width where wx[i][k] != 0 {
                    for c in 0 ..< ch { rows[(y * width + i) * ch + c] += wx[i][k] * samples[(y * source.width + k) * ch + c] }
                }
            }
        }
        var out = PixelBuffer(width: width, height: height, layout: source.layout)
        for j in 0 ..< height {
            for i in 0 ..< width {
                var v = [Double](repeating: 0, count: ch)
                for k in 0 ..< source.height where wy[j][k] != 0 {
                    for c in 0 ..< ch { v[c] += wy[j][k] * rows[(k * width + i) * ch + c] }
                }
                let a = alpha ? v[ch - 1] : 1
                let alphaCode = alpha ? code(a) : 255
                for c in 0 ..< colours {
                    var value = alpha ? (alphaCode == 0 ? 0 : v[c] / a) : v[c]
                    value = min(max(value, 0), 1)
                    out.bytes[j * out.bytesPerRow + i * ch + c] = code(linearLight ? SRGBTables.encode(value) : value)
                }
                if alpha { out.bytes[j * out.bytesPerRow + i * ch + ch - 1] = alphaCode }
            }
        }
        return out
    }

    /// An 8-bit code from a 0...1 value, rounded and clamped.
    static func code(_ v: Double) -> UInt8 { UInt8(min(max((v * 255).rounded(), 0), 255)) }
}
