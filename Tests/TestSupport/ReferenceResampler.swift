import Foundation
import AspectFit

/// A float64 resampler written straight from the geometry definition (that of the benchmark's
/// ../shared/bench/quality.py): colours premultiplied and linearised in Double, no fixed point;
/// kernels and sRGB curves from `ReferenceKernels`, never the library's. 8-bit and 16-bit images
/// go through the same arithmetic, only their codes' full scale (255, 65535) differs.
public enum ReferenceResampler {
    /// First source pixel and normalised weights of every output pixel of one axis. Every pixel
    /// the stretched kernel reaches is weighed (one pixel of slack each side); beyond that the
    /// kernel is exactly zero, so this equals weighing the whole row.
    public static func weights(_ kernel: ReferenceKernels.Kernel, sourceSize: Int, offset: Double, length: Double, count: Int) -> [(first: Int, weights: [Double])] {
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
    public static func resample(_ source: PixelBuffer, filter: Filter, crop: Box, width: Int, height: Int,
                                linearLight: Bool = false) -> PixelBuffer {
        resample(source, kernel: ReferenceKernels.Kernel(filter), crop: crop, width: width, height: height, linearLight: linearLight)
    }

    /// The same with any kernel: the tests also run deliberately wrong ones to show their
    /// thresholds separate right from nearly right.
    public static func resample(_ source: PixelBuffer, kernel: ReferenceKernels.Kernel, crop: Box, width: Int, height: Int,
                                linearLight: Bool = false) -> PixelBuffer {
        let ch = source.layout.channels
        let codes = (0 ..< source.height).flatMap { y in (0 ..< source.width * ch).map { Int(source.bytes[y * source.bytesPerRow + $0]) } }
        let out = resample(codes: codes, full: 255, width: source.width, height: source.height, layout: source.layout,
                           kernel: kernel, crop: crop, outputWidth: width, outputHeight: height, linearLight: linearLight)
        return try! PixelBuffer(width: width, height: height, layout: source.layout, bytes: out.map { UInt8($0) })
    }

    /// Resamples `crop` of an upright 16-bit `source` to `width` x `height` with `filter`'s published kernel.
    public static func resample(_ source: PixelBuffer16, filter: Filter, crop: Box, width: Int, height: Int,
                                linearLight: Bool = false) -> PixelBuffer16 {
        let out = resample(codes: source.samples.map(Int.init), full: 65535, width: source.width, height: source.height,
                           layout: source.layout, kernel: ReferenceKernels.Kernel(filter), crop: crop,
                           outputWidth: width, outputHeight: height, linearLight: linearLight)
        return PixelBuffer16(width: width, height: height, layout: source.layout, samples: out.map { UInt16($0) })
    }

    /// The arithmetic on codes 0...`full`, unpadded rows of `layout` pixels.
    static func resample(codes: [Int], full: Int, width sourceWidth: Int, height sourceHeight: Int, layout: PixelLayout,
                         kernel: ReferenceKernels.Kernel, crop: Box, outputWidth width: Int, outputHeight height: Int,
                         linearLight: Bool) -> [Int] {
        let ch = layout.channels
        let alpha = layout.hasAlpha
        let colours = alpha ? ch - 1 : ch
        let scale = Double(full)
        // Source samples as Double: linear light if asked, colour premultiplied by alpha.
        var samples = [Double](repeating: 0, count: sourceWidth * sourceHeight * ch)
        codes.withUnsafeBufferPointer { codes in
            samples.withUnsafeMutableBufferPointer { samples in
                for p in 0 ..< sourceWidth * sourceHeight {
                    let a = alpha ? Double(codes[p * ch + ch - 1]) / scale : 1
                    for c in 0 ..< ch {
                        if alpha && c == ch - 1 { samples[p * ch + c] = a; continue }
                        let v = Double(codes[p * ch + c]) / scale
                        samples[p * ch + c] = (linearLight ? ReferenceKernels.srgbToLinear(v) : v) * a
                    }
                }
            }
        }
        let wx = weights(kernel, sourceSize: sourceWidth, offset: crop.x, length: crop.width, count: width)
        let wy = weights(kernel, sourceSize: sourceHeight, offset: crop.y, length: crop.height, count: height)
        var rows = [Double](repeating: 0, count: sourceHeight * width * ch)
        samples.withUnsafeBufferPointer { samples in
            rows.withUnsafeMutableBufferPointer { rows in
                for y in 0 ..< sourceHeight {
                    for (i, tap) in wx.enumerated() {
                        for (n, w) in tap.weights.enumerated() {
                            let k = tap.first + n
                            for c in 0 ..< ch { rows[(y * width + i) * ch + c] += w * samples[(y * sourceWidth + k) * ch + c] }
                        }
                    }
                }
            }
        }
        func code(_ v: Double) -> Int { Int(min(max((v * scale).rounded(), 0), scale)) }
        var out = [Int](repeating: 0, count: width * height * ch)
        for j in 0 ..< height {
            for i in 0 ..< width {
                var v = [Double](repeating: 0, count: ch)
                for (n, w) in wy[j].weights.enumerated() {
                    let k = wy[j].first + n
                    for c in 0 ..< ch { v[c] += w * rows[(k * width + i) * ch + c] }
                }
                let a = alpha ? v[ch - 1] : 1
                let alphaCode = alpha ? code(a) : full
                let p = (j * width + i) * ch
                for c in 0 ..< colours {
                    var value = alpha ? (alphaCode == 0 ? 0 : v[c] / a) : v[c]
                    value = min(max(value, 0), 1)
                    out[p + c] = code(linearLight ? ReferenceKernels.linearToSRGB(value) : value)
                }
                if alpha { out[p + ch - 1] = alphaCode }
            }
        }
        return out
    }

    /// An 8-bit code from a 0...1 value, rounded and clamped.
    public static func code(_ v: Double) -> UInt8 { UInt8(min(max((v * 255).rounded(), 0), 255)) }
}
