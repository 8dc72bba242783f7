/// How the image meets the output box.
public enum FitMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fill the box, clipping the overflow around the gravity (the default).
    case cover
    /// The whole image inside the box, the rest filled with the background (by default
    /// transparent where the format holds alpha, white in JPEG), placed by the gravity.
    case contain

    /// Parses "cover" or "contain" (any case, surrounding spaces ignored).
    public init(parsing text: String) throws(OptionError) {
        let trimmed = DecimalText.trimmed(text)
        guard let mode = FitMode(rawValue: trimmed.lowercased()) else { throw .unknownFit(String(trimmed)) }
        self = mode
    }
}
