/// An opaque 8-bit sRGB colour: the background that corners and transparent pixels are
/// composited onto when the output (JPEG) has no alpha channel.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8

    /// A colour from its three samples.
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// The default background.
    public static let white = RGBColor(r: 255, g: 255, b: 255)
    /// Black, #000000.
    public static let black = RGBColor(r: 0, g: 0, b: 0)

    /// Parses "#rgb", "#rrggbb", the same without '#', or a CSS colour name; letter case and
    /// surrounding spaces ignored.
    /// Names are tried before hex digits.
    public init(parsing text: String) throws(OptionError) {
        let lowered = DecimalText.trimmed(text).lowercased()
        if lowered == "transparent" { throw .transparentBackground }
        if let named = CSSColorNames.table[lowered] {
            self = named
            return
        }
        var hex = Substring(lowered)
        if hex.first == "#" { hex.removeFirst() }
        var digits = [UInt8]()
        for character in hex {
            guard let digit = character.hexDigitValue, character.isASCII else { throw .invalidColor(text) }
            digits.append(UInt8(digit))
        }
        switch digits.count {
        case 3: self.init(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17)
        case 6: self.init(r: digits[0] << 4 | digits[1], g: digits[2] << 4 | digits[3], b: digits[4] << 4 | digits[5])
        default: throw .invalidColor(text)
        }
    }

    /// Rec.601 luma, rounded: the gray a colour background becomes on a gray image.
    public var luma: UInt8 {
        let (red, green, blue): (UInt32, UInt32, UInt32) = (UInt32(r), UInt32(g), UInt32(b))
        let weighted: UInt32 = 299 * red + 587 * green + 114 * blue
        return UInt8((weighted + 500) / 1000)
    }

    /// "#rrggbb".
    public var description: String {
        let hex = Array("0123456789abcdef")
        let nibbles: [UInt8] = [r >> 4, r & 15, g >> 4, g & 15, b >> 4, b & 15]
        return "#" + String(nibbles.map { hex[Int($0)] })
    }
}
