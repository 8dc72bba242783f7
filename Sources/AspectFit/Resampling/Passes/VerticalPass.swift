/// The pass across stored rows: each output row is a weighted sum of a window of source rows,
/// sample by sample. Sums are raw (weights times sample units), one Int32 per sample.
enum VerticalPass {
    /// Sums the `table.taps` rows of output row `j`, `length` samples each, with the SIMD loops
    /// when `fast` allows.
    static func run(rows: UnsafePointer<UnsafePointer<Int16>>, table: CoefficientTable, row j: Int, length: Int,
                    into sums: UnsafeMutablePointer<Int32>, fast: Bool) {
        let taps = table.taps
        #if arch(x86_64)
        if fast && taps % 2 == 0 {
            table.pairs.withUnsafeBufferPointer { pairs in
                let p = pairs.baseAddress! + j * (taps / 2)
                var done = 0
                #if ASPECTFIT_AVX2
                done = VerticalPassAVX2.run(rows: rows, pairs: p, taps: taps, length: length, into: sums)
                #endif
                VerticalPassSSE2.run(rows: rows, pairs: p, taps: taps, length: length, from: done, into: sums)
            }
            return
        }
        #endif
        table.weights.withUnsafeBufferPointer { weights in
            scalar(rows: rows, weights: weights.baseAddress! + j * taps, taps: taps, length: length, into: sums)
        }
    }

    /// The same pass over 8-bit source rows, its sums narrowed straight to Int16 sample units
    /// (see `Narrowing`); the SIMD loop narrows in registers, the scalar one goes through `sums`.
    static func runNarrowing(rows: UnsafePointer<UnsafePointer<UInt8>>, table: CoefficientTable, row j: Int, length: Int,
                             sums: UnsafeMutablePointer<Int32>, into destination: UnsafeMutablePointer<Int16>, fast: Bool) {
        let taps = table.taps
        let shift = SampleScale.weightShift - 6
        #if arch(x86_64)
        if fast && taps % 2 == 0 {
            table.pairs.withUnsafeBufferPointer { pairs in
                let p = pairs.baseAddress! + j * (taps / 2)
                var done = 0
                #if ASPECTFIT_AVX2
                done = VerticalPassAVX2.runNarrowing(rows: rows, pairs: p, taps: taps, length: length, shift: shift, into: destination)
                #endif
                VerticalPassSSE2.runNarrowing(rows: rows, pairs: p, taps: taps, length: length, shift: shift, from: done,
                                              into: destination)
            }
            return
        }
        #endif
        table.weights.withUnsafeBufferPointer { weights in
            scalar(rows: rows, weights: weights.baseAddress! + j * taps, taps: taps, length: length, into: sums)
        }
        Narrowing.run(sums, count: length, shift: shift, into: destination)
    }

    /// The plainly written pass, the reference the SIMD loops must match exactly.
    static func scalar<Sample: FixedWidthInteger>(rows: UnsafePointer<UnsafePointer<Sample>>, weights: UnsafePointer<Int16>,
                                                  taps: Int, length: Int, into sums: UnsafeMutablePointer<Int32>) {
        for x in 0 ..< length {
            var sum: Int32 = 0
            for t in 0 ..< taps { sum &+= Int32(weights[t]) &* Int32(rows[t][x]) }
            sums[x] = sum
        }
    }
}
