/// An 8-bit sRGB colour with straight (not premultiplied) alpha: the background that contain bars,
/// cut corners and transparent pixels are composited onto.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0...255.
    public var r: UInt8
    /// Green, 0...255.
    public var g: UInt8
    /// Blue, 0...255.
    public var b: UInt8
    /// Opacity, 0 (transparent) ... 255 (opaque).
    public var a: UInt8

    /// A colour from its samples; opaque unless `a` says otherwise.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The default background where the output has no alpha.
    public static let white = RGBColor(r: 255, g: 255, b: 255)
    /// Black, #000000.
    public static let black = RGBColor(r: 0, g: 0, b: 0)
    /// CSS `transparent`: #00000000.
    public static let transparent = RGBColor(r: 0, g: 0, b: 0, a: 0)

    /// Whether the colour hides what is under it.
    public var isOpaque: Bool { a == 255 }

    /// Parses the CSS colour forms: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (the same without '#'),
    /// `rgb()`/`rgba()` with numbers 0-255 or percentages and an alpha of 0-1 or a percentage (commas
    /// or spaces, `/` before the alpha), one of the 148 CSS colour names, or `transparent`. Letter
    /// case and surrounding spaces are ignored; names are tried before hex digits.
    public init(parsing text: String) throws(OptionError) {
        let lowered = DecimalText.trimmed(text).lowercased()
        if lowered == "transparent" {
            self = .transparent
        } else if let named = CSSColorNames.table[lowered] {
            self = named
        } else if lowered.hasPrefix("rgb") {
            guard let parsed = Self.functional(lowered) else { throw .invalidColor(text) }
            self = parsed
        } else {
            guard let parsed = Self.hex(lowered) else { throw .invalidColor(text) }
            self = parsed
        }
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, '#' optional.
    private static func hex(_ text: String) -> RGBColor? {
        var hex = Substring(text)
        if hex.first == "#" { hex.removeFirst() }
        var digits = [UInt8]()
        for character in hex {
            guard character.isASCII, let digit = character.hexDigitValue else { return nil }
            digits.append(UInt8(digit))
        }
        switch digits.count {
        case 3, 4:
            return RGBColor(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17, a: digits.count == 4 ? digits[3] * 17 : 255)
        case 6, 8:
            let byte = { (i: Int) in digits[i] << 4 | digits[i + 1] }
            return RGBColor(r: byte(0), g: byte(2), b: byte(4), a: digits.count == 8 ? byte(6) : 255)
        default:
            return nil
        }
    }

    /// `rgb(...)` or `rgba(...)`: three channels and an optional alpha.
    private static func functional(_ text: String) -> RGBColor? {
        let body: Substring
        if text.hasPrefix("rgba(") { body = text.dropFirst(5) } else if text.hasPrefix("rgb(") { body = text.dropFirst(4) } else { return nil }
        guard body.last == ")" else { return nil }
        var inner = String(body.dropLast())
        var alphaText: Substring?
        if let slash = inner.firstIndex(of: "/") {
            alphaText = DecimalText.trimmed(String(inner[inner.index(after: slash)...]))
            inner = String(inner[..<slash])
        }
        let separators: Set<Character> = [",", " ", "\t"]
        var parts = inner.split(whereSeparator: { separators.contains($0) })
        if alphaText == nil, parts.count == 4 { alphaText = parts.removeLast() }
        guard parts.count == 3 else { return nil }
        var samples = [UInt8]()
        for part in parts {
            guard let sample = sample(part, scale: 255) else { return nil }
            samples.append(sample)
        }
        var alpha: UInt8 = 255
        if let alphaText {
            guard let value = sample(alphaText, scale: 1) else { return nil }
            alpha = value
        }
        return RGBColor(r: samples[0], g: samples[1], b: samples[2], a: alpha)
    }

    /// One channel: a number 0...`scale` or a percentage 0...100%, as a rounded 0...255 sample.
    private static func sample(_ text: Substring, scale: Double) -> UInt8? {
        let percent = text.hasSuffix("%")
        guard let value = DecimalText.parse(percent ? text.dropLast() : text) else { return nil }
        let fraction = percent ? value / 100 : value / scale
        guard (0 ... 1).contains(fraction) else { return nil }
        return UInt8((fraction * 255).rounded())
    }

    /// This colour seen over `opaque` (whose alpha is ignored): the opaque colour a translucent
    /// background becomes where the output has no alpha. Rounded as `flatten` rounds.
    public func over(_ opaque: RGBColor) -> RGBColor {
        let alpha = UInt32(a)
        let blend = { (top: UInt8, bottom: UInt8) in
            UInt8((UInt32(top) * alpha + UInt32(bottom) * (255 - alpha) + 127) / 255)
        }
        return RGBColor(r: blend(r, opaque.r), g: blend(g, opaque.g), b: blend(b, opaque.b))
    }

    /// Rec.601 luma, rounded: the gray a colour background becomes on a gray image.
    public var luma: UInt8 {
        let (red, green, blue): (UInt32, UInt32, UInt32) = (UInt32(r), UInt32(g), UInt32(b))
        let weighted: UInt32 = 299 * red + 587 * green + 114 * blue
        return UInt8((weighted + 500) / 1000)
    }

    /// "#rrggbb", or "#rrggbbaa" when not opaque.
    public var description: String {
        let hex = Array("0123456789abcdef")
        var nibbles: [UInt8] = [r >> 4, r & 15, g >> 4, g & 15, b >> 4, b & 15]
        if !isOpaque { nibbles += [a >> 4, a & 15] }
        return "#" + String(nibbles.map { hex[Int($0)] })
    }

    private enum CodingKeys: String, CodingKey { case r, g, b, a }

    /// Decodes `r`, `g`, `b` and an optional `a` (opaque when absent).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(r: try c.decode(UInt8.self, forKey: .r), g: try c.decode(UInt8.self, forKey: .g),
                  b: try c.decode(UInt8.self, forKey: .b), a: try c.decodeIfPresent(UInt8.self, forKey: .a) ?? 255)
    }

    /// Encodes `r`, `g`, `b`, and `a` only when the colour is not opaque.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(r, forKey: .r)
        try c.encode(g, forKey: .g)
        try c.encode(b, forKey: .b)
        if !isOpaque { try c.encode(a, forKey: .a) }
    }
}
