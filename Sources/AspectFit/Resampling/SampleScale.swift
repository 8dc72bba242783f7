/// The fixed-point sample scale shared by all passes: an 8-bit code `c` is `c * 64` (6 extra bits),
/// and linear light 1.0 is `255 * 64`, so intermediates keep 14 bits and fit Int16 with headroom.
enum SampleScale {
    /// Units per 8-bit code.
    static let perCode: Int32 = 64
    /// Units of full scale (code 255, or linear 1.0).
    static let full: Int32 = 255 * 64
    /// Right shift that turns a sum of weighted samples back into sample units.
    static let weightShift: Int32 = Int32(AxisWeights.fractionBits)
    /// Right shift from a second-pass sum (weights times sample units) to 8-bit codes.
    static let codeShift: Int32 = weightShift + 6
}
