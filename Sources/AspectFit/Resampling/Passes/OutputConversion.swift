import CResampleKernels

/// Turns one row of second-pass sums (2^14 per sample unit) into 8-bit pixels: rounded and
/// clamped, back from linear light, un-premultiplied; written along a stride so rows land upright.
struct OutputConversion: Sendable {
    let channels: Int
    let hasAlpha: Bool
    let linearLight: Bool

    /// Writes `count` pixels from `sums`; pixel `i` goes to `destination + i * pixelStride`, with
    /// the kernels of `set` for contiguous rows without alpha and for pixels with alpha.
    func convert(_ sums: UnsafePointer<Int32>, count: Int, into destination: UnsafeMutablePointer<UInt8>, pixelStride: Int,
                 using set: InstructionSet) {
        let ch = channels
        switch (hasAlpha, linearLight) {
        case (false, false):
            if pixelStride == ch {
                // Rows that run forward are contiguous: one loop the compiler vectorises.
                #if arch(x86_64)
                if set >= .sse2 {
                    let kernel = set >= .avx2 ? rk_output_codes_avx2 : rk_output_codes_sse2
                    kernel(sums, count * ch, SampleScale.codeShift, destination)
                    return
                }
                #endif
                for s in 0 ..< count * ch { destination[s] = OutputConversion.code(sums[s]) }
                return
            }
            for i in 0 ..< count {
                for c in 0 ..< ch { destination[i &* pixelStride &+ c] = OutputConversion.code(sums[i &* ch &+ c]) }
            }
        case (false, true):
            SRGBTables.fromLinear.withUnsafeBufferPointer { table in
                for i in 0 ..< count {
                    for c in 0 ..< ch {
                        destination[i &* pixelStride &+ c] = table[OutputConversion.linearLevel(sums[i &* ch &+ c])]
                    }
                }
            }
        case (true, _):
            SRGBTables.fromLinear.withUnsafeBufferPointer { table in
                #if arch(x86_64)
                if set >= .sse2 {
                    let kernel = set >= .avx2 ? rk_unpremultiply_avx2 : rk_unpremultiply_sse2
                    kernel(sums, count, Int32(ch), SampleScale.codeShift, Double(linearLight ? SampleScale.full : 255),
                           linearLight ? table.baseAddress : nil, pixelStride, destination)
                    return
                }
                #endif
                let colours = ch - 1
                let scale = Double(linearLight ? SampleScale.full : 255)
                for i in 0 ..< count {
                    let out = destination + i &* pixelStride
                    let alphaSum = sums[i &* ch &+ colours]
                    let alpha = OutputConversion.code(alphaSum)
                    out[colours] = alpha
                    guard alpha > 0 else {
                        for c in 0 ..< colours { out[c] = 0 }
                        continue
                    }
                    // colour = premultiplied / alpha on the output scale, rounded, clamped.
                    let ratio = scale / Double(alphaSum)
                    for c in 0 ..< colours {
                        let v = Int(min(max(Double(sums[i &* ch &+ c]) * ratio + 0.5, 0), scale))
                        out[c] = linearLight ? table[v] : UInt8(truncatingIfNeeded: v)
                    }
                }
            }
        }
    }

    /// An 8-bit code from a two-pass sum, rounded and clamped.
    @inline(__always)
    static func code(_ sum: Int32) -> UInt8 {
        let v = (sum &+ (1 &<< (SampleScale.codeShift - 1))) &>> SampleScale.codeShift
        return UInt8(truncatingIfNeeded: min(max(v, 0), 255))
    }

    /// A linear level 0...16320 from a two-pass sum, rounded and clamped.
    @inline(__always)
    static func linearLevel(_ sum: Int32) -> Int {
        let v = (sum &+ (1 &<< (SampleScale.weightShift - 1))) &>> SampleScale.weightShift
        return Int(min(max(v, 0), SampleScale.full))
    }
}
