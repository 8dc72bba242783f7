/// The shape of the output, width:height, kept as two numbers so 16:9 stays exactly 16:9.
///
/// Two ratios are equal when they describe the same shape (8:6 == 4:3); `description` keeps
/// the sides as given.
public struct AspectRatio: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The width side of the ratio (not a pixel count).
    public let width: Double
    /// The height side of the ratio (not a pixel count).
    public let height: Double

    /// The widest accepted ratio is `limit`:1 and the tallest 1:`limit`; past that a crop is a line.
    public static let limit: Double = 1000

    /// A ratio of two numbers a user sent, e.g. `try .custom(width: 5, height: 2)`: both sides must
    /// be finite and positive and the ratio within `limit`, else `OptionError.ratio`.
    public static func custom(width: Double, height: Double) throws(OptionError) -> AspectRatio {
        let text = "\(DecimalText.format(width, decimals: 6)):\(DecimalText.format(height, decimals: 6))"
        return try AspectRatio(width: width, height: height, text: text)
    }

    private init(width: Double, height: Double, text: String) throws(OptionError) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { throw .ratio(.notPositive(text)) }
        let value = width / height
        guard value <= Self.limit, value >= 1 / Self.limit else { throw .ratio(.outOfRange(text)) }
        self.init(unchecked: width, height)
    }

    private enum CodingKeys: String, CodingKey { case width, height }

    /// Decodes `{"width": 16, "height": 9}`, refusing what `custom(width:height:)` refuses.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let (width, height) = try (c.decode(Double.self, forKey: .width), c.decode(Double.self, forKey: .height))
        do {
            self = try .custom(width: width, height: height)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description,
                                                    underlyingError: error))
        }
    }

    /// Encodes the two sides as given.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }

    /// A ratio without the range check, e.g. the shape of a 1x10000 source.
    init(unchecked width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }

    /// width / height: above 1 is landscape, below 1 portrait.
    public var value: Double { width / height }

    public var description: String {
        "\(DecimalText.format(width, decimals: 6)):\(DecimalText.format(height, decimals: 6))"
    }

    /// Whether both describe the same shape: 8:6 == 4:3.
    public static func == (lhs: AspectRatio, rhs: AspectRatio) -> Bool { lhs.value == rhs.value }
    /// Hashes the shape, so equal ratios hash alike.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// 1:1 (avatars, Instagram posts).
    public static let square = AspectRatio(unchecked: 1, 1)
    /// 4:3 (most phone and compact cameras).
    public static let fourToThree = AspectRatio(unchecked: 4, 3)
    /// 3:4.
    public static let threeToFour = AspectRatio(unchecked: 3, 4)
    /// 16:9 (video, widescreen).
    public static let sixteenToNine = AspectRatio(unchecked: 16, 9)
    /// 9:16 (stories, phone screens).
    public static let nineToSixteen = AspectRatio(unchecked: 9, 16)
    /// 3:2 (35 mm photos).
    public static let threeToTwo = AspectRatio(unchecked: 3, 2)
    /// 2:3.
    public static let twoToThree = AspectRatio(unchecked: 2, 3)
    /// 5:4.
    public static let fiveToFour = AspectRatio(unchecked: 5, 4)
    /// 4:5 (Instagram portrait).
    public static let fourToFive = AspectRatio(unchecked: 4, 5)
    /// 21:9 (ultrawide).
    public static let twentyOneToNine = AspectRatio(unchecked: 21, 9)
    /// Open Graph link previews (Facebook, LinkedIn, ...): 1.91:1, e.g. 1200x628.
    public static let openGraph = AspectRatio(unchecked: 1.91, 1)

    /// Every named ratio with the name `init(parsing:)` accepts, in a stable order for help texts and docs.
    public static let named: [(name: String, ratio: AspectRatio)] = [
        ("square", .square),
        ("fourToThree", .fourToThree),
        ("threeToFour", .threeToFour),
        ("sixteenToNine", .sixteenToNine),
        ("nineToSixteen", .nineToSixteen),
        ("threeToTwo", .threeToTwo),
        ("twoToThree", .twoToThree),
        ("fiveToFour", .fiveToFour),
        ("fourToFive", .fourToFive),
        ("twentyOneToNine", .twentyOneToNine),
        ("openGraph", .openGraph),
    ]

    /// Parses "4:3", "4x3", "4/3", "1.5" (1.5:1), "1.91:1", or a name in any case and
    /// spelling ("square", "fourToThree", "four-to-three", "og"/"openGraph").
    ///
    /// Rejects zero, negative, non-finite and beyond-`limit` ratios; the error lists the accepted forms.
    public init(parsing text: String) throws(OptionError) {
        let trimmed = DecimalText.trimmed(text)
        guard !trimmed.isEmpty else { throw .ratio(.empty) }
        let folded = DecimalText.foldedName(trimmed)
        if folded == "og" {
            self = .openGraph
            return
        }
        if let match = Self.named.first(where: { DecimalText.foldedName($0.name) == folded }) {
            self = match.ratio
            return
        }
        let lower = trimmed.lowercased()
        let parts = lower.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ":" || $0 == "x" || $0 == "/" })
            .map { DecimalText.trimmed(String($0)) }
        let sides: (Double, Double)
        switch parts.count {
        case 1:
            guard let w = DecimalText.parse(parts[0]) else { throw .ratio(.unrecognised(String(trimmed))) }
            sides = (w, 1)
        case 2:
            guard let w = DecimalText.parse(parts[0]), let h = DecimalText.parse(parts[1]) else {
                throw .ratio(.unrecognised(String(trimmed)))
            }
            sides = (w, h)
        default:
            throw .ratio(.unrecognised(String(trimmed)))
        }
        try self.init(width: sides.0, height: sides.1, text: String(trimmed))
    }
}
