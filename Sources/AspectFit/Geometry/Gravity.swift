/// Which part of the source the crop keeps when the ratio cuts something off.
///
/// Compass points pin the crop to that edge or corner of the upright image; `.focus` keeps a
/// chosen point (e.g. a face) as close to the centre of the crop as the image bounds allow.
public enum Gravity: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Equal margins cut from both sides (the default).
    case centre
    /// Keep that edge whole (north the top row, east the right column), centred along it.
    case north, south, east, west
    /// Keep that corner: both of its edges stay whole.
    case northEast, northWest, southEast, southWest
    /// The point (x, y) of the upright source, as fractions 0...1 of its width and height, that
    /// should land at the centre of the crop; the crop is clamped to stay inside the image.
    case focus(x: Double, y: Double)
    /// Chosen from the pixels: the window that keeps the subject (frontal faces first, then the
    /// salient region), centred unless the pixels say clearly that the centre loses it.
    case attention
    /// Chosen from the pixels: the window with the most information, as libvips' `entropy`.
    case entropy

    /// The American spelling of `centre`.
    public static let center = Gravity.centre

    /// The compass gravities with their canonical names, for help texts and docs.
    public static let named: [(name: String, gravity: Gravity)] = [
        ("centre", .centre), ("north", .north), ("south", .south), ("east", .east), ("west", .west),
        ("northEast", .northEast), ("northWest", .northWest), ("southEast", .southEast), ("southWest", .southWest),
        ("attention", .attention), ("entropy", .entropy),
    ]

    /// Every spelling `init(parsing:)` accepts, folded (lowercase, no '-', '_' or spaces).
    private static let spellings: [String: Gravity] = [
        "centre": .centre, "center": .centre, "c": .centre,
        "north": .north, "n": .north, "top": .north,
        "south": .south, "s": .south, "bottom": .south,
        "east": .east, "e": .east, "right": .east,
        "west": .west, "w": .west, "left": .west,
        "northeast": .northEast, "ne": .northEast, "topright": .northEast,
        "northwest": .northWest, "nw": .northWest, "topleft": .northWest,
        "southeast": .southEast, "se": .southEast, "bottomright": .southEast,
        "southwest": .southWest, "sw": .southWest, "bottomleft": .southWest,
        "attention": .attention, "entropy": .entropy,
    ]

    /// Parses a compass gravity in any case: "centre"/"center", "n"/"north"/"top", "ne"/"north-east"/
    /// "northeast"/"northEast"/"top-right", and so on for the other points.
    public init(parsing text: String) throws(OptionError) {
        let trimmed = DecimalText.trimmed(text)
        guard let gravity = Self.spellings[DecimalText.foldedName(trimmed)] else { throw .gravity(.unrecognised(String(trimmed))) }
        self = gravity
    }

    /// Parses a focus point "x,y" with both fractions in 0...1, e.g. "0.3,0.7".
    public init(focusParsing text: String) throws(OptionError) {
        let trimmed = DecimalText.trimmed(text)
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = DecimalText.parse(DecimalText.trimmed(String(parts[0]))),
              let y = DecimalText.parse(DecimalText.trimmed(String(parts[1]))) else {
            throw .gravity(.malformedFocus(String(trimmed)))
        }
        guard (0 ... 1).contains(x), (0 ... 1).contains(y) else { throw .gravity(.focusOutOfRange(String(trimmed))) }
        self = .focus(x: x, y: y)
    }

    public var description: String {
        switch self {
        case .focus(let x, let y): "focus \(DecimalText.format(x, decimals: 6)),\(DecimalText.format(y, decimals: 6))"
        default: Self.named.first { $0.gravity == self }!.name
        }
    }

    /// Whether the crop window is chosen from the decoded pixels rather than from the header.
    public var readsPixels: Bool { self == .attention || self == .entropy }

    /// Where the crop sits along one axis of the upright image.
    enum Anchor: Equatable {
        case start, centre, end
        /// Centre the crop on this fraction of the axis, clamped inside it.
        case fraction(Double)
    }

    /// The anchor along the upright x axis (west = start).
    var horizontal: Anchor {
        switch self {
        case .centre, .north, .south, .attention, .entropy: .centre
        case .west, .northWest, .southWest: .start
        case .east, .northEast, .southEast: .end
        case .focus(let x, _): .fraction(x)
        }
    }

    /// The anchor along the upright y axis (north = start).
    var vertical: Anchor {
        switch self {
        case .centre, .east, .west, .attention, .entropy: .centre
        case .north, .northEast, .northWest: .start
        case .south, .southEast, .southWest: .end
        case .focus(_, let y): .fraction(y)
        }
    }
}
