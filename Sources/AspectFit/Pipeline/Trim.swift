/// Removing a uniform border before the fit (`FitOptions.trim`), as sharp's `trim()` and
/// ImageMagick's `-trim` do: the border is the colour of the upright image's top-left pixel, or
/// transparency when that pixel is fully transparent.
public struct Trim: Sendable, Hashable, Codable {
    /// sharp's default threshold.
    public static let defaultThreshold = 10

    /// How far a pixel may be from the border colour and still be border: the largest difference of
    /// any one 8-bit channel, alpha included (0 keeps only exact matches; 255 or more makes every
    /// pixel border, so nothing is trimmed). Against transparency, the alpha a pixel may have.
    public var threshold: Int

    /// A trim with `threshold` (default 10, sharp's).
    public init(threshold: Int = Trim.defaultThreshold) {
        self.threshold = threshold
    }
}
