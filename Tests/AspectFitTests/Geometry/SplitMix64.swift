/// A tiny seeded PRNG (Steele, Lea and Flood's SplitMix64) so property tests are deterministic
/// and reproducible from the case number alone.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A size in 1...limit, spread over magnitudes so small sides are as common as large ones.
    mutating func side(upTo limit: Int) -> Int {
        let magnitude = [9, 99, 999, limit].randomElement(using: &self)!
        return Int.random(in: 1 ... min(magnitude, limit), using: &self)
    }
}
