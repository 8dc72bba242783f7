import CResampleKernels

/// Turns one row of 8-bit source pixels into Int16 samples in `SampleScale` units:
/// shifted up by 6 bits, optionally to linear light, with colour premultiplied by alpha.
///
/// Premultiplying before filtering keeps the colour of transparent pixels out of their neighbours.
struct SourceConversion: Sendable {
    let channels: Int
    let hasAlpha: Bool
    let linearLight: Bool

    /// Converts `count` pixels from `source` to `destination`, with the kernels of `set` where it has some.
    func convert(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<Int16>,
                 using set: InstructionSet) {
        let samples = count * channels
        switch (hasAlpha, linearLight) {
        case (false, false):
            for s in 0 ..< samples { destination[s] = Int16(source[s]) &<< 6 }
        case (false, true):
            SRGBTables.toLinear.withUnsafeBufferPointer { table in
                for s in 0 ..< samples { destination[s] = table[Int(source[s])] }
            }
        case (true, false):
            var done = 0
            #if arch(x86_64)
            if set >= .sse2 && channels == 4 {
                done = (set >= .avx2 ? rk_premultiply_rgba_avx2 : rk_premultiply_rgba_sse2)(source, count, destination)
            }
            #endif
            let colours = channels - 1
            for p in done ..< count {
                let base = p * channels
                let a = source[base + colours]
                for c in 0 ..< colours { destination[base + c] = SourceConversion.premultiplied(source[base + c], a) }
                destination[base + colours] = SourceConversion.premultiplied(a, 255)
            }
        case (true, true):
            SRGBTables.toLinear.withUnsafeBufferPointer { table in
                premultiply(source, count: count, into: destination, scale: 1 / 255) { Float(table[Int($0)]) }
            }
        }
    }

    /// `c * a * 64 / 255` in 16-bit fixed point, as `pmulhuw` computes it: within 0.71 of exact,
    /// and exactly `c * 64` when `a` is 255 (so opaque pixels convert as if alpha were absent).
    @inline(__always)
    static func premultiplied(_ c: UInt8, _ a: UInt8) -> Int16 {
        Int16(truncatingIfNeeded: ((UInt32(c) &* UInt32(a) &+ 2) &* 16448) &>> 16)
    }

    /// Premultiplies linear colours: `value(c) * (alpha * scale) + 0.5`, truncated; alpha becomes
    /// `a * 64`. Float arithmetic keeps it branch- and division-free; RGBA goes four lanes at a time.
    @inline(__always)
    private func premultiply(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutablePointer<Int16>,
                             scale: Float, _ value: (UInt8) -> Float) {
        let colours = channels - 1
        if channels == 4 {
            for p in 0 ..< count {
                let px = source + p * 4
                let a = Float(px[3])
                var m = SIMD4<Float>(repeating: a * scale)
                m[3] = Float(SampleScale.perCode)
                let v = SIMD4<Float>(value(px[0]), value(px[1]), value(px[2]), a) * m + 0.5
                for c in 0 ..< 4 { destination[p * 4 + c] = Int16(truncatingIfNeeded: Int32(v[c])) }
            }
            return
        }
        for p in 0 ..< count {
            let base = p * channels
            let a = Float(source[base + colours])
            for c in 0 ..< colours {
                destination[base + c] = Int16(value(source[base + c]) * (a * scale) + 0.5)
            }
            destination[base + colours] = Int16(a * Float(SampleScale.perCode))
        }
    }
}
