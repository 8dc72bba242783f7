#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crops, scales and turns upright a 16-bit image (`PixelBuffer16`) in Float32 samples: the wide
/// route, kept apart from `Resampler`'s Int16 fixed-point kernels so the 8-bit route is untouched.
///
/// The filter windows are `AxisWeights.windows`, the ones the 8-bit tables are rounded from, used
/// unrounded. The part of the source the windows touch is copied upright as Float32 (colour
/// premultiplied by alpha, in linear light if asked), filtered along rows, then across them;
/// each output sample is un-premultiplied, rounded and clamped to 0...65535.
struct WideResampler {
    /// The reconstruction filter.
    let filter: Filter
    /// The crop in the source buffer's (stored) coordinates; sub-pixel exact.
    let crop: Box
    /// The upright output size.
    let outputWidth: Int
    let outputHeight: Int
    /// How the stored source turns upright.
    let orientation: Orientation
    /// Filter in linear light (the sRGB curve decoded first, encoded after) instead of on codes.
    let linearLight: Bool

    /// One axis's windows: output pixel i reads `count` source pixels from `firsts[i]`, with
    /// weights `weights[offsets[i]...]` that sum to 1.
    private struct Windows {
        var firsts: [Int] = []
        var offsets: [Int] = []
        var counts: [Int] = []
        var weights: [Float] = []

        init(filter: Filter, sourceSize: Int, offset: Double, length: Double, count: Int) {
            AxisWeights.windows(filter: filter, sourceSize: sourceSize, offset: offset, length: length, count: count) { first, real, sum in
                firsts.append(first)
                offsets.append(weights.count)
                counts.append(real.count)
                weights += real.map { Float($0 / sum) }
            }
        }

        /// The source pixels any window touches.
        var span: Range<Int> { firsts.min()! ..< zip(firsts, counts).map { $0 + $1 }.max()! }
    }

    /// `source` resampled: upright, `outputWidth` x `outputHeight`, the same layout.
    func resample(_ source: PixelBuffer16) -> PixelBuffer16 {
        let channels = source.layout.channels
        let alpha = source.layout.hasAlpha ? channels - 1 : -1
        let upright = orientation.uprightSize(width: source.width, height: source.height)
        let box = orientation.uprightBox(crop, storedWidth: source.width, storedHeight: source.height)
        let xs = Windows(filter: filter, sourceSize: upright.width, offset: box.x, length: box.width, count: outputWidth)
        let ys = Windows(filter: filter, sourceSize: upright.height, offset: box.y, length: box.height, count: outputHeight)
        let (columns, rows) = (xs.span, ys.span)
        let window = uprightWindow(source, columns: columns, rows: rows, alpha: alpha)

        // Along upright rows: rows.count x outputWidth pixels.
        var along = [Float](repeating: 0, count: rows.count * outputWidth * channels)
        let spanWidth = columns.count
        window.withUnsafeBufferPointer { input in
            along.withUnsafeMutableBufferPointer { out in
                xs.weights.withUnsafeBufferPointer { weights in
                    for r in 0 ..< rows.count {
                        let row = input.baseAddress! + r * spanWidth * channels
                        for i in 0 ..< outputWidth {
                            let start = (xs.firsts[i] - columns.lowerBound) * channels, w = xs.offsets[i]
                            let target = out.baseAddress! + (r * outputWidth + i) * channels
                            for k in 0 ..< xs.counts[i] {
                                let weight = weights[w + k], pixel = row + start + k * channels
                                for c in 0 ..< channels { target[c] += weight * pixel[c] }
                            }
                        }
                    }
                }
            }
        }

        // Across them, then back to 16-bit codes.
        var samples = [UInt16](repeating: 0, count: outputWidth * outputHeight * channels)
        var pixel = [Float](repeating: 0, count: channels)
        along.withUnsafeBufferPointer { input in
            ys.weights.withUnsafeBufferPointer { weights in
                for j in 0 ..< outputHeight {
                    let first = ys.firsts[j] - rows.lowerBound, w = ys.offsets[j]
                    for i in 0 ..< outputWidth {
                        for c in 0 ..< channels { pixel[c] = 0 }
                        for k in 0 ..< ys.counts[j] {
                            let weight = weights[w + k], from = input.baseAddress! + ((first + k) * outputWidth + i) * channels
                            for c in 0 ..< channels { pixel[c] += weight * from[c] }
                        }
                        store(pixel, alpha: alpha, into: &samples, at: (j * outputWidth + i) * channels)
                    }
                }
            }
        }
        return PixelBuffer16(width: outputWidth, height: outputHeight, layout: source.layout, samples: samples)
    }

    /// The upright `columns` x `rows` part of `source` as Float32 0...1, colour premultiplied by
    /// alpha (channel `alpha`, or -1) and decoded to linear light when `linearLight`.
    private func uprightWindow(_ source: PixelBuffer16, columns: Range<Int>, rows: Range<Int>, alpha: Int) -> [Float] {
        let channels = source.layout.channels
        let (w, h) = (Double(source.width), Double(source.height))
        // The stored pixel under upright pixel (x, y) is origin + x * alongX + y * alongY.
        func storedPixel(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
            let p = orientation.stored(x: Double(x) + 0.5, y: Double(y) + 0.5, storedWidth: w, storedHeight: h)
            return (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
        }
        let origin = storedPixel(columns.lowerBound, rows.lowerBound)
        let right = storedPixel(columns.lowerBound + 1, rows.lowerBound), down = storedPixel(columns.lowerBound, rows.lowerBound + 1)
        let alongX = ((right.x - origin.x) + (right.y - origin.y) * source.width) * channels
        let alongY = ((down.x - origin.x) + (down.y - origin.y) * source.width) * channels
        let start = (origin.x + origin.y * source.width) * channels
        let toLinear = linearLight ? WideResampler.linearTable : []
        var window = [Float](repeating: 0, count: columns.count * rows.count * channels)
        source.samples.withUnsafeBufferPointer { samples in
            window.withUnsafeMutableBufferPointer { out in
                var o = 0
                for y in 0 ..< rows.count {
                    var s = start + y * alongY
                    for _ in 0 ..< columns.count {
                        let a: Float = alpha < 0 ? 1 : Float(samples[s + alpha]) / 65535
                        for c in 0 ..< channels {
                            let v = samples[s + c]
                            if c == alpha {
                                out[o + c] = a
                            } else {
                                out[o + c] = (linearLight ? toLinear[Int(v)] : Float(v) / 65535) * a
                            }
                        }
                        o += channels
                        s += alongX
                    }
                }
            }
        }
        return window
    }

    /// One filtered pixel back to codes: un-premultiplied, encoded from linear light, clamped, rounded.
    private func store(_ pixel: [Float], alpha: Int, into samples: inout [UInt16], at index: Int) {
        let a = alpha < 0 ? 1 : min(max(pixel[alpha], 0), 1)
        for c in pixel.indices {
            var v: Float
            if c == alpha {
                v = a
            } else {
                v = a > 0 ? pixel[c] / a : 0
                v = min(max(v, 0), 1)
                if linearLight { v = Float(SRGBTables.encode(Double(v))) }
            }
            samples[index + c] = UInt16(v * 65535 + 0.5)
        }
    }

    /// Linear light of every 16-bit sRGB code.
    private static let linearTable: [Float] = (0 ... 65535).map { Float(SRGBTables.decode(Double($0) / 65535)) }
}
