import CResampleKernels

/// The pass along stored rows: each output pixel is a weighted sum of a window of source pixels
/// of the same row. Sums are raw (weights times sample units), one Int32 per sample.
enum HorizontalPass {
    /// Runs the pass over one row with the kernels of `set` (SIMD ones where the windows are whole
    /// groups of four taps, as they are unless the image is narrower).
    /// `source` must hold the table's source range plus 16 samples of padding.
    static func run(_ source: UnsafePointer<Int16>, table: CoefficientTable, channels: Int,
                    into sums: UnsafeMutablePointer<Int32>, using set: InstructionSet) {
        #if arch(x86_64)
        if set >= .sse2 && table.taps % 4 == 0 {
            table.starts.withUnsafeBufferPointer { starts in
                table.weights.withUnsafeBufferPointer { weights in
                    table.lanes.withUnsafeBufferPointer { lanes in
                        let kernel = set >= .avx2 ? rk_horizontal_avx2 : rk_horizontal_sse2
                        kernel(source, starts.baseAddress!, weights.baseAddress!, lanes.baseAddress, table.count, table.taps / 4,
                               Int32(channels), sums)
                    }
                }
            }
            return
        }
        #endif
        scalar(source, table: table, channels: channels, into: sums)
    }

    /// The plainly written pass, the reference the SIMD kernels must match exactly.
    static func scalar(_ source: UnsafePointer<Int16>, table: CoefficientTable, channels: Int,
                       into sums: UnsafeMutablePointer<Int32>) {
        let taps = table.taps
        table.starts.withUnsafeBufferPointer { starts in
            table.weights.withUnsafeBufferPointer { weights in
                for i in 0 ..< table.count {
                    let window = source + starts[i] &* channels, w = weights.baseAddress! + i &* taps
                    for c in 0 ..< channels {
                        var sum: Int32 = 0
                        for t in 0 ..< taps { sum &+= Int32(w[t]) &* Int32(window[t &* channels &+ c]) }
                        sums[i &* channels &+ c] = sum
                    }
                }
            }
        }
    }
}
