/// What a fit accepts from its input: the pixel limits and how damaged data is treated. (The decode
/// scale and region are not options: the plan chooses them.)
public struct DecodePolicy: Sendable, Hashable, Codable {
    /// The default frame limit of an animation.
    public static let defaultMaxFrames = 10_000
    /// The default limit on an animation's pixels, every frame's canvas counted: 2^30.
    public static let defaultMaxAnimationPixels = 1 << 30

    /// Inputs whose header declares more pixels fail with `ImageIOError.tooLarge` before any
    /// allocation; for an animation, its canvas (every frame's size).
    public var maxPixels: Int
    /// true: truncated or damaged data is an error; false: decode what is there and warn.
    public var failOnTruncation: Bool
    /// Animations with more frames fail before any is decoded.
    public var maxFrames = DecodePolicy.defaultMaxFrames
    /// Animations whose canvas pixels times frames are more fail before any frame is decoded.
    public var maxAnimationPixels = DecodePolicy.defaultMaxAnimationPixels

    /// The default limit is `DecodeOptions.defaultMaxPixels` (16383 x 16383), damage an error.
    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, failOnTruncation: Bool = true) {
        self.maxPixels = maxPixels
        self.failOnTruncation = failOnTruncation
    }

    private enum CodingKeys: String, CodingKey {
        case maxPixels, failOnTruncation, maxFrames, maxAnimationPixels
    }

    /// Decodes the keys present; absent ones keep their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(maxPixels: try c.decodeIfPresent(Int.self, forKey: .maxPixels) ?? DecodeOptions.defaultMaxPixels,
                  failOnTruncation: try c.decodeIfPresent(Bool.self, forKey: .failOnTruncation) ?? true)
        maxFrames = try c.decodeIfPresent(Int.self, forKey: .maxFrames) ?? maxFrames
        maxAnimationPixels = try c.decodeIfPresent(Int.self, forKey: .maxAnimationPixels) ?? maxAnimationPixels
    }
}
