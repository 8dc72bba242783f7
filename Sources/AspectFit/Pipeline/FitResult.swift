/// One fitted image: the encoded bytes and an account of how they were made.
public struct FitResult: Sendable {
    /// The encoded output file, yours to keep: move it on (`ByteBuffer(bytes:)`, `Data(_:)`) or
    /// write it; the library holds no other copy.
    public var bytes: [UInt8]
    /// What was done: sizes, crop, decode scale and region, output format.
    public var plan: FitPlan
    /// Damage that was accepted (`failOnTruncation == false`) or metadata that was dropped.
    public var warnings: [String]
    /// Wall-clock milliseconds of each step, in order.
    public var timings: [(step: String, milliseconds: Double)]
}
