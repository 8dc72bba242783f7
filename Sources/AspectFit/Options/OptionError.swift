import FoundationEssentials

/// Why a value a user supplied for an option was refused, from any of the parsers (`AspectRatio`,
/// `Gravity`, `Filter`, `CornerRadius`, `CornerStyle`, `RGBColor`, `OutputFormat`, `FitMode`, `Sharpen`): one type, so a
/// service answers any of them with a 400 and `description` as the body.
public enum OptionError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// Not an aspect ratio, or not a usable one.
    case ratio(AspectRatioError)
    /// Not a gravity or focus point.
    case gravity(GravityError)
    /// A filter name `Filter(parsing:)` does not know.
    case unknownFilter(String)
    /// A corner radius that is neither pixels nor a percentage.
    case invalidRadius(String)
    /// A corner radius below zero.
    case negativeRadius(String)
    /// A corner style other than circular or continuous.
    case invalidCornerStyle(String)
    /// A corner target other than box or picture.
    case unknownCornerTarget(String)
    /// Not a CSS colour (hex, rgb()/rgba(), a name or transparent).
    case invalidColor(String)
    /// An output format other than jpeg, png, webp, avif or auto.
    case unknownFormat(String)
    /// A fit mode other than cover or contain.
    case unknownFit(String)
    /// A sharpen that is not "default", "SIGMA" or "SIGMA,AMOUNT" within `Sharpen`'s ranges.
    case invalidSharpen(String)

    /// The option the value was given for: "ratio", "gravity", "filter", "radius", "corners", "corners-on",
    /// "background", "format", "fit" or "sharpen", e.g. for the field of a 400 response.
    public var option: String {
        switch self {
        case .ratio: "ratio"
        case .gravity: "gravity"
        case .unknownFilter: "filter"
        case .invalidRadius, .negativeRadius: "radius"
        case .invalidCornerStyle: "corners"
        case .unknownCornerTarget: "corners-on"
        case .invalidColor: "background"
        case .unknownFormat: "format"
        case .unknownFit: "fit"
        case .invalidSharpen: "sharpen"
        }
    }

    /// One line naming the value and the accepted forms.
    public var description: String {
        switch self {
        case .ratio(let error): error.description
        case .gravity(let error): error.description
        case .unknownFilter(let name):
            "unknown filter '\(name)' (known: \(Filter.names.flatMap(\.1).joined(separator: ", ")))"
        case .invalidRadius(let text):
            "invalid corner radius '\(text)': expected a number of pixels ('64', '64px'), a percentage of the short side ('12.5%') or 'circle'"
        case .negativeRadius(let text):
            "invalid corner radius '\(text)': the radius must not be negative"
        case .invalidCornerStyle(let text):
            "invalid corner style '\(text)': expected 'circular' or 'continuous'"
        case .unknownCornerTarget(let text):
            "unknown corner target '\(text)': use box or picture"
        case .invalidColor(let text):
            "invalid colour '\(text)': expected #rgb, #rrggbb, #rrggbbaa, rgb(255 128 0), rgba(255, 128, 0, 0.5), a CSS colour name such as 'white', or 'transparent'"
        case .unknownFormat(let text):
            "unknown format '\(text)': use jpeg, png, webp, avif or auto"
        case .unknownFit(let text):
            "unknown fit '\(text)': use cover or contain"
        case .invalidSharpen(let text):
            "invalid sharpen '\(text)': expected default, SIGMA (0.1-10) or SIGMA,AMOUNT (amount 0-10), e.g. 1.0,0.8"
        }
    }

    /// `description`, so `localizedDescription` reads as the message rather than an error code.
    public var errorDescription: String? { description }
}
