/// The pass along stored rows: each output pixel is a weighted sum of a window of source pixels
/// of the same row. Sums are raw (weights times sample units), one Int32 per sample.
enum HorizontalPass {
    /// Runs the pass over one row, with the SIMD loops when `fast` and the platform has them (and
    /// the windows are whole groups of four taps, as they are unless the image is narrower).
    static func run(_ source: UnsafePointer<Int16>, table: CoefficientTable, channels: Int,
                    into sums: UnsafeMutablePointer<Int32>, fast: Bool) {
        #if arch(x86_64)
        if fast && table.taps % 4 == 0 {
            HorizontalPassSSE2.run(source, table: table, channels: channels, into: sums)
            return
        }
        #endif
        scalar(source, table: table, channels: channels, into: sums)
    }

    /// The plainly written pass, the reference the SIMD loops must match exactly.
    static func scalar(_ source: UnsafePointer<Int16>, table: CoefficientTable, channels: Int,
                       into sums: UnsafeMutablePointer<Int32>) {
        let taps = table.taps
        for i in 0 ..< table.count {
            let start = table.starts[i]
            for c in 0 ..< channels {
                var sum: Int32 = 0
                for t in 0 ..< taps {
                    sum &+= Int32(table.weights[i * taps + t]) &* Int32(source[(start + t) * channels + c])
                }
                sums[i * channels + c] = sum
            }
        }
    }
}
