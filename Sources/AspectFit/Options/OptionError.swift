/// Why a corner or background option given by the user was refused; each case prints as one line.
public enum MaskOptionError: Error, Equatable, CustomStringConvertible {
    case invalidRadius(String)
    case negativeRadius(String)
    case invalidCornerStyle(String)
    case invalidColor(String)
    case transparentBackground

    public var description: String {
        switch self {
        case .invalidRadius(let text):
            "invalid corner radius '\(text)': expected a number of pixels ('64', '64px') or a percentage of the short side ('12.5%')"
        case .negativeRadius(let text):
            "invalid corner radius '\(text)': the radius must not be negative"
        case .invalidCornerStyle(let text):
            "invalid corner style '\(text)': expected 'circular' or 'continuous'"
        case .invalidColor(let text):
            "invalid colour '\(text)': expected #rgb, #rrggbb or a CSS colour name such as 'white'"
        case .transparentBackground:
            "'transparent' cannot be a background: JPEG has no alpha; write PNG output to keep transparent corners"
        }
    }
}
