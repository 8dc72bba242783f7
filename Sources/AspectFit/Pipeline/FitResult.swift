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
    /// The lossy quality the output was encoded at (JPEG, lossy WebP, AVIF): the one asked for, or
    /// under `FitOptions.maxBytes` the highest that fits. Nil for PNG and lossless WebP.
    public var quality: Int?
    /// The palette size limit of an indexed PNG (`PNGEncodeOptions.palette`, or under
    /// `FitOptions.maxBytes` the largest that fits); the file holds at most that many entries.
    /// Nil for every other output.
    public var paletteColours: Int?
    /// How many times the output was encoded: 1, or more when a byte budget searched.
    public var encodes: Int = 1
    /// The frames written: 1 for a still image.
    public var frames = 1
    /// An animation's frame delays added up, in milliseconds; 0 for a still image.
    public var durationMilliseconds = 0
}
