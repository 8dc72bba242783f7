/// What a fit accepts from its input: the pixel limit and how damaged data is treated. (The decode
/// scale and region are not options: the plan chooses them.)
public struct DecodePolicy: Sendable, Hashable, Codable {
    /// Inputs whose header declares more pixels fail with `ImageIOError.tooLarge` before any allocation.
    public var maxPixels: Int
    /// true: truncated or damaged data is an error; false: decode what is there and warn.
    public var failOnTruncation: Bool

    /// The default limit is `DecodeOptions.defaultMaxPixels` (16383 x 16383), damage an error.
    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, failOnTruncation: Bool = true) {
        self.maxPixels = maxPixels
        self.failOnTruncation = failOnTruncation
    }
}
