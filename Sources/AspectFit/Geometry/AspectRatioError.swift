/// Why a text or a pair of numbers is not an aspect ratio; every message lists the accepted forms.
public enum AspectRatioError: Error, Hashable, CustomStringConvertible {
    /// Nothing was given.
    case empty
    /// The text is none of the accepted forms (e.g. "abc", "nan", "4:3:2").
    case unrecognised(String)
    /// A side is zero, negative or not finite (e.g. "0:3", "-1", "1:0").
    case notPositive(String)
    /// Wider than 1000:1 or taller than 1:1000: the crop would be a line.
    case outOfRange(String)

    public var description: String {
        let reason = switch self {
        case .empty: "no aspect ratio given"
        case .unrecognised(let text): "'\(text)' is not an aspect ratio"
        case .notPositive(let text): "aspect ratio '\(text)' needs both sides greater than 0"
        case .outOfRange(let text):
            "aspect ratio '\(text)' is beyond \(Int(AspectRatio.limit)):1 (or 1:\(Int(AspectRatio.limit)))"
        }
        return "\(reason); \(Self.acceptedForms)"
    }

    /// The forms `AspectRatio(parsing:)` accepts, in one line.
    public static var acceptedForms: String {
        let names = AspectRatio.named.map(\.name).joined(separator: ", ")
        return "use W:H, WxH or W/H (4:3, 16x9, 1.91/1), one number (1.5 means 1.5:1), or a name: \(names) (og)"
    }
}
