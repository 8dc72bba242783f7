import CResampleKernels

/// The pass across stored rows: each output row is a weighted sum of a window of source rows,
/// sample by sample. Sums are raw (weights times sample units), one Int32 per sample.
enum VerticalPass {
    /// Sums the `table.taps` rows of output row `j`, `length` samples each, with the kernels of
    /// `set` (SIMD ones need an even tap count, which the row table is padded to).
    static func run(rows: UnsafePointer<UnsafePointer<Int16>>, table: CoefficientTable, row j: Int, length: Int,
                    into sums: UnsafeMutablePointer<Int32>, using set: InstructionSet) {
        let taps = table.taps
        #if arch(x86_64)
        if set >= .sse2 && taps % 2 == 0 {
            table.pairs.withUnsafeBufferPointer { pairs in
                let p = pairs.baseAddress! + j * (taps / 2)
                if set >= .avx2 {
                    rk_vertical_avx2(rows, p, taps, length, sums)
                } else {
                    rk_vertical_sse2(rows, p, taps, length, sums)
                }
            }
            return
        }
        #endif
        table.weights.withUnsafeBufferPointer { weights in
            scalar(rows: rows, weights: weights.baseAddress! + j * taps, taps: taps, length: length, into: sums)
        }
    }

    /// The same pass over 8-bit source rows, its sums narrowed straight to Int16 sample units
    /// (see `Narrowing`); the SIMD kernels narrow in registers, the scalar pass goes through `sums`.
    static func runNarrowing(rows: UnsafePointer<UnsafePointer<UInt8>>, table: CoefficientTable, row j: Int, length: Int,
                             sums: UnsafeMutablePointer<Int32>, into destination: UnsafeMutablePointer<Int16>,
                             using set: InstructionSet) {
        let taps = table.taps
        let shift = SampleScale.weightShift - 6
        #if arch(x86_64)
        if set >= .sse2 && taps % 2 == 0 {
            table.pairs.withUnsafeBufferPointer { pairs in
                let p = pairs.baseAddress! + j * (taps / 2)
                if set >= .avx2 {
                    rk_vertical_narrowing_avx2(rows, p, taps, length, shift, destination)
                } else {
                    rk_vertical_narrowing_sse2(rows, p, taps, length, shift, destination)
                }
            }
            return
        }
        #endif
        table.weights.withUnsafeBufferPointer { weights in
            scalar(rows: rows, weights: weights.baseAddress! + j * taps, taps: taps, length: length, into: sums)
        }
        Narrowing.run(sums, count: length, shift: shift, into: destination, using: .scalar)
    }

    /// The plainly written pass, the reference the SIMD kernels must match exactly.
    static func scalar<Sample: FixedWidthInteger>(rows: UnsafePointer<UnsafePointer<Sample>>, weights: UnsafePointer<Int16>,
                                                  taps: Int, length: Int, into sums: UnsafeMutablePointer<Int32>) {
        for x in 0 ..< length {
            var sum: Int32 = 0
            for t in 0 ..< taps { sum &+= Int32(weights[t]) &* Int32(truncatingIfNeeded: rows[t][x]) }
            sums[x] = sum
        }
    }
}
