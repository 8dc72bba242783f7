/// What the rounded corners of a contained fit (`FitMode.contain`) cut: the output box, or the
/// picture inside its bars. Under cover the two are the same.
public enum CornerTarget: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The corners of the whole output, bars included (the default).
    case box
    /// The corners of the picture itself; the bars stay square around it.
    case picture

    /// Parses "box" or "picture", ignoring letter case and surrounding spaces.
    public init(parsing text: String) throws(OptionError) {
        let trimmed = DecimalText.trimmed(text)
        guard let target = CornerTarget(rawValue: trimmed.lowercased()) else { throw .unknownCornerTarget(String(trimmed)) }
        self = target
    }

    public var description: String { rawValue }
}
