import CResampleKernels

/// Rounds first-pass sums back to Int16 sample units for the second pass (saturating, as `packssdw`).
enum Narrowing {
    /// `destination[s] = round(sums[s] / 2^shift)`, clamped to Int16: shift 14 for sums of Int16
    /// samples, 8 for sums of bytes (which leaves them 6 bits up, in sample units, just the same).
    static func run(_ sums: UnsafePointer<Int32>, count: Int, shift: Int32, into destination: UnsafeMutablePointer<Int16>,
                    using set: InstructionSet) {
        #if arch(x86_64)
        if set >= .sse2 {
            (set >= .avx2 ? rk_narrow_avx2 : rk_narrow_sse2)(sums, count, shift, destination)
            return
        }
        #endif
        let half: Int32 = 1 &<< (shift - 1)
        for s in 0 ..< count {
            let v = (sums[s] &+ half) &>> shift
            destination[s] = Int16(truncatingIfNeeded: min(max(v, Int32(Int16.min)), Int32(Int16.max)))
        }
    }
}
