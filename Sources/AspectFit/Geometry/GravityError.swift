/// Why a text is not a gravity or a focus point; every message lists the accepted forms.
public enum GravityError: Error, Hashable, CustomStringConvertible {
    /// The text is not a gravity name (e.g. "up", "middle-ish").
    case unrecognised(String)
    /// The text is not two numbers "x,y" (e.g. "0.3", "a,b").
    case malformedFocus(String)
    /// A focus coordinate lies outside 0...1 (e.g. "1.2,0.5").
    case focusOutOfRange(String)

    public var description: String {
        switch self {
        case .unrecognised(let text):
            "'\(text)' is not a gravity; use centre (center), north (n, top), south (s, bottom), east (e, right), "
                + "west (w, left), northEast (ne, north-east, top-right), northWest (nw), southEast (se), southWest (sw), "
                + "attention or entropy"
        case .malformedFocus(let text):
            "'\(text)' is not a focus point; use x,y as fractions of the width and height in 0...1, e.g. 0.3,0.7"
        case .focusOutOfRange(let text):
            "focus point '\(text)' is outside the image; both x and y must be in 0...1, e.g. 0.3,0.7"
        }
    }
}
