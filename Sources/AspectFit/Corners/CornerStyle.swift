/// The curve that replaces each corner.
public enum CornerStyle: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Quarter circles of the given radius: CSS border-radius, RoundedRectangle(style: .circular).
    case circular
    /// Apple's smoother corner (app icons, RoundedRectangle(style: .continuous)): it leaves the
    /// edge earlier, 1.53 radii from the corner, and its curvature grows from zero instead of jumping.
    case continuous

    /// Parses "circular" or "continuous", ignoring letter case.
    public init(parsing text: String) throws(OptionError) {
        guard let style = CornerStyle(rawValue: text.lowercased()) else { throw .invalidCornerStyle(text) }
        self = style
    }

    public var description: String { rawValue }
}
