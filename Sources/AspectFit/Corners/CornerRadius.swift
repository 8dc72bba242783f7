/// How round the output's corners are: a length in output pixels, or a percentage of the
/// output's SHORT side (so one value suits every size in a batch).
///
/// 50% of a square is a circle; 50% of a rectangle is a capsule (radius = half the short side).
/// Anything larger than half the short side is clamped to it, like SwiftUI's RoundedRectangle.
public enum CornerRadius: Sendable, Equatable, CustomStringConvertible {
    case pixels(Double)
    case percent(Double)

    /// Parses "64", "64px", "12.5%" (surrounding spaces and letter case ignored).
    public init(parsing text: String) throws(MaskOptionError) {
        var body = Substring(text.lowercased())
        while body.first == " " || body.first == "\t" { body.removeFirst() }
        while body.last == " " || body.last == "\t" { body.removeLast() }
        let isPercent = body.hasSuffix("%")
        if isPercent {
            body.removeLast()
        } else if body.hasSuffix("px") {
            body.removeLast(2)
        }
        if body.first == "-", let magnitude = Self.decimal(body.dropFirst()), magnitude > 0 {
            throw .negativeRadius(text)
        }
        guard let value = Self.decimal(body) else { throw .invalidRadius(text) }
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

    /// Plain decimal digits with at most one point ("12", "12.5", ".5"); no signs, exponents,
    /// "inf" or "nan", which Swift's Double(String) would otherwise accept.
    private static func decimal(_ text: Substring) -> Double? {
        var digits = 0
        var points = 0
        for character in text {
            if character == "." {
                points += 1
            } else if character.isASCII, character.isNumber {
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(String(text))
    }
}
