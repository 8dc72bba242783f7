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
        let rowSamples = outputWidth * channels
        var along = [Float](repeating: 0, count: rows.count * rowSamples)
        let spanWidth = columns.count
        window.withUnsafeBufferPointer { input in
            along.withUnsafeMutableBufferPointer { out in
                xs.weights.withUnsafeBufferPointer { weights in
                    for r in 0 ..< rows.count {
                        let row = input.baseAddress! + r * spanWidth * channels
                        for i in 0 ..< outputWidth {
                            let from = row + (xs.firsts[i] - columns.lowerBound) * channels
                            let w = weights.baseAddress! + xs.offsets[i]
                            let target = out.baseAddress! + r * rowSamples + i * channels
                            Self.accumulate(from, weights: w, taps: xs.counts[i], channels: channels, into: target)
                        }
                    }
                }
            }
        }

        // Across them (each output row a weighted sum of whole rows), then back to 16-bit codes.
        var samples = [UInt16](repeating: 0, count: outputWidth * outputHeight * channels)
        var sums = [Float](repeating: 0, count: rowSamples)
        along.withUnsafeBufferPointer { input in
            sums.withUnsafeMutableBufferPointer { sums in
                samples.withUnsafeMutableBufferPointer { samples in
                    for j in 0 ..< outputHeight {
                        sums.update(repeating: 0)
                        let first = ys.firsts[j] - rows.lowerBound
                        for k in 0 ..< ys.counts[j] {
                            let weight = ys.weights[ys.offsets[j] + k], row = input.baseAddress! + (first + k) * rowSamples
                            for s in 0 ..< rowSamples { sums[s] += weight * row[s] }
                        }
                        store(UnsafeBufferPointer(sums), alpha: alpha, channels: channels,
                              into: samples.baseAddress! + j * rowSamples)
                    }
                }
            }
        }
        return PixelBuffer16(width: outputWidth, height: outputHeight, layout: source.layout, samples: samples)
    }

    /// One pixel along a row: the sum of `taps` pixels from `from`, weighted, into `target`
    /// (zeroed), with the channel count known to the loop for 1-4 channels.
    @inline(__always)
    private static func accumulate(_ from: UnsafePointer<Float>, weights: UnsafePointer<Float>, taps: Int, channels: Int,
                                   into target: UnsafeMutablePointer<Float>) {
        var (s0, s1, s2, s3): (Float, Float, Float, Float) = (0, 0, 0, 0)
        switch channels {
        case 1:
            for k in 0 ..< taps { s0 += weights[k] * from[k] }
        case 2:
            for k in 0 ..< taps {
                s0 += weights[k] * from[2 * k]
                s1 += weights[k] * from[2 * k + 1]
            }
        case 3:
            for k in 0 ..< taps {
                s0 += weights[k] * from[3 * k]
                s1 += weights[k] * from[3 * k + 1]
                s2 += weights[k] * from[3 * k + 2]
            }
        default:
            for k in 0 ..< taps {
                s0 += weights[k] * from[4 * k]
                s1 += weights[k] * from[4 * k + 1]
                s2 += weights[k] * from[4 * k + 2]
                s3 += weights[k] * from[4 * k + 3]
            }
        }
        let sums = [s0, s1, s2, s3]
        for c in 0 ..< channels { target[c] = sums[c] }
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

    /// One filtered row back to codes: un-premultiplied, encoded from linear light, clamped, rounded.
    private func store(_ sums: UnsafeBufferPointer<Float>, alpha: Int, channels: Int, into samples: UnsafeMutablePointer<UInt16>) {
        for p in stride(from: 0, to: sums.count, by: channels) {
            let a = alpha < 0 ? 1 : min(max(sums[p + alpha], 0), 1)
            for c in 0 ..< channels {
                var v: Float
                if c == alpha {
                    v = a
                } else {
                    v = a > 0 ? sums[p + c] / a : 0
                    v = min(max(v, 0), 1)
                    if linearLight { v = Float(SRGBTables.encode(Double(v))) }
                }
                samples[p + c] = UInt16(v * 65535 + 0.5)
            }
        }
    }

    /// Linear light of every 16-bit sRGB code.
    private static let linearTable: [Float] = (0 ... 65535).map { Float(SRGBTables.decode(Double($0) / 65535)) }
}
