/// The pass across stored rows: each output row is a weighted sum of a window of source rows,
/// sample by sample. Sums are raw (weights times sample units), one Int32 per sample.
enum VerticalPass {
    /// Sums `weights.count` rows of `length` samples, with the SIMD loops when `fast` allows.
    static func run(rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int, length: Int,
                    into sums: UnsafeMutablePointer<Int32>, fast: Bool) {
        #if arch(x86_64)
        if fast {
            VerticalPassSSE2.run(rows: rows, weights: weights, taps: taps, length: length, into: sums)
            return
        }
        #endif
        scalar(rows: rows, weights: weights, taps: taps, length: length, into: sums)
    }

    /// The plainly written pass, the reference the SIMD loops must match exactly.
    static func scalar(rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int, length: Int,
                       into sums: UnsafeMutablePointer<Int32>) {
        for x in 0 ..< length {
            var sum: Int32 = 0
            for t in 0 ..< taps { sum &+= Int32(weights[t]) &* Int32(rows[t][x]) }
            sums[x] = sum
        }
    }
}
