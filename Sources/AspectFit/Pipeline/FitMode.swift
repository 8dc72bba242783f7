/// How the image meets the output box.
public enum FitMode: String, Sendable, CaseIterable {
    /// Fill the box, clipping the overflow around the gravity (the default).
    case cover
    /// The whole image inside the box, the rest filled with the background (JPEG) or left
    /// transparent (PNG), placed by the gravity.
    case contain

    /// Parses "cover" or "contain" (case-insensitive).
    public init(parsing text: String) throws(FitError) {
        guard let mode = FitMode(rawValue: text.lowercased()) else {
            throw .invalidOption("unknown fit '\(text)': use cover or contain")
        }
        self = mode
    }
}
