import Foundation
@testable import AspectFit

/// The benchmark's float64 reference (../shared/bench/quality.py) for whole photos: separable
/// filter, support stretched by the scale, taps limited to the kernel's support (the other weights
/// are exactly zero), weights normalised over pixels inside the image, premultiplied alpha.
enum PhotoReference {
    /// First tap and normalised weights of every output pixel of one axis.
    static func axis(_ filter: Filter, size: Int, offset: Double, length: Double, count: Int) -> [(first: Int, weights: [Double])] {
        let f = length / Double(count)
        let stretch = filter == .nearest ? 1 : max(f, 1)
        let support = filter.radius * stretch
        return (0 ..< count).map { i in
            let centre = offset + (Double(i) + 0.5) * f
            let first = max(0, Int((centre - support).rounded(.down)) - 1)
            let last = min(size - 1, Int((centre + support).rounded(.up)) + 1)
            var w = (first ... last).map { k in filter.kernel((Double(k) + 0.5 - centre) / stretch) }
            let sum = w.reduce(0, +)
            if sum == 0 {
                w = w.map { _ in 0 }
                w[min(max(Int(centre.rounded(.down)), first), last) - first] = 1
                return (first, w)
            }
            return (first, w.map { $0 / sum })
        }
    }

    /// Resamples `crop` of an upright `source` to `width` x `height` in float64.
    static func resample(_ source: PixelBuffer, filter: Filter, crop: Box, width: Int, height: Int) -> PixelBuffer {
        let ch = source.layout.channels
        let alpha = source.layout.hasAlpha
        let xs = axis(filter, size: source.width, offset: crop.x, length: crop.width, count: width)
        let ys = axis(filter, size: source.height, offset: crop.y, length: crop.height, count: height)
        var rows = [Double](repeating: 0, count: source.height * width * ch)
        source.bytes.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { rows in
                for y in 0 ..< source.height {
                    for (i, tap) in xs.enumerated() {
                        for (n, w) in tap.weights.enumerated() {
                            let p = y * source.bytesPerRow + (tap.first + n) * ch
                            let a = alpha ? Double(src[p + ch - 1]) / 255 : 1
                            for c in 0 ..< ch {
                                let v = alpha && c == ch - 1 ? a : Double(src[p + c]) / 255 * a
                                rows[(y * width + i) * ch + c] += w * v
                            }
                        }
                    }
                }
            }
        }
        var out = PixelBuffer(width: width, height: height, layout: source.layout)
        for (j, tap) in ys.enumerated() {
            for i in 0 ..< width {
                var v = [Double](repeating: 0, count: ch)
                for (n, w) in tap.weights.enumerated() {
                    for c in 0 ..< ch { v[c] += w * rows[((tap.first + n) * width + i) * ch + c] }
                }
                let a = alpha ? min(max(v[ch - 1], 0), 1) : 1
                for c in 0 ..< ch {
                    let value = alpha && c == ch - 1 ? a : (alpha ? (a == 0 ? 0 : v[c] / a) : v[c])
                    out.bytes[j * out.bytesPerRow + i * ch + c] = UInt8(min(max((value * 255).rounded(), 0), 255))
                }
            }
        }
        return out
    }
}
