/// How round the output's corners are: a length in output pixels, or a percentage of the
/// output's SHORT side (so one value suits every size in a batch).
///
/// 50% of a square is a circle; 50% of a rectangle is a capsule (radius = half the short side).
/// Anything larger than half the short side is clamped to it, like SwiftUI's RoundedRectangle.
public enum CornerRadius: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A length in output pixels.
    case pixels(Double)
    /// A percentage of the output's short side.
    case percent(Double)

    /// Half the short side: a circle on a square output, a capsule on any other (avatars).
    public static let circle = CornerRadius.percent(50)

    /// Parses "64", "64px", "12.5%" or "circle" (surrounding spaces and letter case ignored).
    public init(parsing text: String) throws(OptionError) {
        var body = DecimalText.trimmed(text.lowercased())
        if body == "circle" {
            self = .circle
            return
        }
        let isPercent = body.hasSuffix("%")
        if isPercent {
            body.removeLast()
        } else if body.hasSuffix("px") {
            body.removeLast(2)
        }
        guard body.first != "+", let value = DecimalText.parse(body) else { throw .invalidRadius(text) }
        guard value >= 0 else { throw .negativeRadius(text) }
        self = isPercent ? .percent(value) : .pixels(value)
    }

    /// The radius in pixels for a `width` x `height` output, clamped to 0...half the short side.
    public func pixels(width: Int, height: Int) -> Double {
        let limit = Double(min(width, height)) / 2
        let wanted = switch self {
        case .pixels(let value): value
        case .percent(let value): value / 100 * Double(min(width, height))
        }
        return wanted.isNaN ? 0 : min(max(wanted, 0), limit)
    }

    public var description: String {
        switch self {
        case .pixels(let value): "\(value)px"
        case .percent(let value): "\(value)%"
        }
    }
}
