import Foundation
@testable import AspectFit

/// A float64 resampler written straight from the geometry definition (that of the benchmark's
/// ../shared/bench/quality.py): colours premultiplied and linearised in Double, no fixed point;
/// kernels and sRGB curves from `ReferenceKernels`, never the library's.
enum ReferenceResampler {
    /// First source pixel and normalised weights of every output pixel of one axis. Every pixel
    /// the stretched kernel reaches is weighed (one pixel of slack each side); beyond that the
    /// kernel is exactly zero, so this equals weighing the whole row.
    static func weights(_ kernel: ReferenceKernels.Kernel, sourceSize: Int, offset: Double, length: Double, count: Int) -> [(first: Int, weights: [Double])] {
        let f = length / Double(count)
        let stretch = kernel.stretches ? max(f, 1) : 1
        let support = kernel.support * stretch
        return (0 ..< count).map { i in
            let centre = offset + (Double(i) + 0.5) * f
            let first = max(0, Int((centre - support).rounded(.down)) - 1)
            let last = min(sourceSize - 1, Int((centre + support).rounded(.up)) + 1)
            var w = (first ... last).map { k in kernel.value((Double(k) + 0.5 - centre) / stretch) }
            let sum = w.reduce(0, +)
            if sum == 0 {
                w = w.map { _ in 0 }
                w[min(max(Int(centre.rounded(.down)), first), last) - first] = 1
                return (first, w)
            }
            return (first, w.map { $0 / sum })
        }
    }

    /// Resamples `crop` of an upright `source` to `width` x `height` with `filter`'s published kernel.
    static func resample(_ source: PixelBuffer, filter: Filter, crop: Box, width: Int, height: Int,
                         linearLight: Bool = false) -> PixelBuffer {
        resample(source, kernel: ReferenceKernels.Kernel(filter), crop: crop, width: width, height: height, linearLight: linearLight)
    }

    /// The same with any kernel: the tests also run deliberately wrong ones to show their
    /// thresholds separate right from nearly right.
    static func resample(_ source: PixelBuffer, kernel: ReferenceKernels.Kernel, crop: Box, width: Int, height: Int,
                         linearLight: Bool = false) -> PixelBuffer {
        let ch = source.layout.channels
        let alpha = source.layout.hasAlpha
        let colours = alpha ? ch - 1 : ch
        // Source samples as Double: linear light if asked, colour premultiplied by alpha.
        var samples = [Double](repeating: 0, count: source.width * source.height * ch)
        source.bytes.withUnsafeBufferPointer { bytes in
            samples.withUnsafeMutableBufferPointer { samples in
                for y in 0 ..< source.height {
                    for x in 0 ..< source.width {
                        let p = y * source.bytesPerRow + x * ch
                        let a = alpha ? Double(bytes[p + ch - 1]) / 255 : 1
                        for c in 0 ..< ch {
                            let base = (y * source.width + x) * ch + c
                            if alpha && c == ch - 1 { samples[base] = a; continue }
                            let v = Double(bytes[p + c]) / 255
                            samples[base] = (linearLight ? ReferenceKernels.srgbToLinear(v) : v) * a
                        }
                    }
                }
            }
        }
        let wx = weights(kernel, sourceSize: source.width, offset: crop.x, length: crop.width, count: width)
        let wy = weights(kernel, sourceSize: source.height, offset: crop.y, length: crop.height, count: height)
        var rows = [Double](repeating: 0, count: source.height * width * ch)
        samples.withUnsafeBufferPointer { samples in
            rows.withUnsafeMutableBufferPointer { rows in
                for y in 0 ..< source.height {
                    for (i, tap) in wx.enumerated() {
                        for (n, w) in tap.weights.enumerated() {
                            let k = tap.first + n
                            for c in 0 ..< ch { rows[(y * width + i) * ch + c] += w * samples[(y * source.width + k) * ch + c] }
                        }
                    }
                }
            }
        }
        var out = try! PixelBuffer(width: width, height: height, layout: source.layout)
        for j in 0 ..< height {
            for i in 0 ..< width {
                var v = [Double](repeating: 0, count: ch)
                for (n, w) in wy[j].weights.enumerated() {
                    let k = wy[j].first + n
                    for c in 0 ..< ch { v[c] += w * rows[(k * width + i) * ch + c] }
                }
                let a = alpha ? v[ch - 1] : 1
                let alphaCode = alpha ? code(a) : 255
                for c in 0 ..< colours {
                    var value = alpha ? (alphaCode == 0 ? 0 : v[c] / a) : v[c]
                    value = min(max(value, 0), 1)
                    out.bytes[j * out.bytesPerRow + i * ch + c] = code(linearLight ? ReferenceKernels.linearToSRGB(value) : value)
                }
                if alpha { out.bytes[j * out.bytesPerRow + i * ch + ch - 1] = alphaCode }
            }
        }
        return out
    }

    /// An 8-bit code from a 0...1 value, rounded and clamped.
    static func code(_ v: Double) -> UInt8 { UInt8(min(max((v * 255).rounded(), 0), 255)) }
}
