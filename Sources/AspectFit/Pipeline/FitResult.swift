/// One fitted image: the encoded bytes and an account of how they were made.
public struct FitResult: Sendable {
    /// The encoded output file.
    public var bytes: [UInt8]
    public var plan: FitPlan
    /// Damage that was accepted (`failOnTruncation == false`) or metadata that was dropped.
    public var warnings: [String]
    /// Wall-clock milliseconds of each step, in order.
    public var timings: [(step: String, milliseconds: Double)]
}
