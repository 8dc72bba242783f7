/// Rounds first-pass sums back to Int16 sample units for the second pass (saturating, as `packssdw`).
enum Narrowing {
    /// `destination[s] = round(sums[s] / 2^14)`, clamped to Int16.
    static func run(_ sums: UnsafePointer<Int32>, count: Int, into destination: UnsafeMutablePointer<Int16>) {
        let half: Int32 = 1 &<< (SampleScale.weightShift - 1)
        for s in 0 ..< count {
            let v = (sums[s] &+ half) &>> SampleScale.weightShift
            destination[s] = Int16(truncatingIfNeeded: min(max(v, Int32(Int16.min)), Int32(Int16.max)))
        }
    }
}
