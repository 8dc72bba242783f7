/// A rectangle in continuous pixel coordinates: pixel (i, j) covers [i, i+1) x [j, j+1).
/// Crops are sub-pixel exact, so their edges are `Double`s, never rounded.
public struct Box: Sendable, Equatable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The extent along x.
    public var width: Double
    /// The extent along y.
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge, `x + width` (exclusive).
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height` (exclusive).
    public var maxY: Double { y + height }

    /// "WxH+X+Y", as ImageMagick writes geometry.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A rectangle of whole pixels, e.g. the rows and columns worth decoding.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The extent along x.
    public var width: Int
    /// The extent along y.
    public var height: Int

    /// A rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge, `x + width` (exclusive).
    public var maxX: Int { x + width }
    /// The bottom edge, `y + height` (exclusive).
    public var maxY: Int { y + height }

    /// "WxH+X+Y", as ImageMagick writes geometry.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
