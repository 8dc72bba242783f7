/// A rectangle in continuous pixel coordinates: pixel (i, j) covers [i, i+1) x [j, j+1).
/// Crops are sub-pixel exact, so their edges are `Double`s, never rounded.
public struct Box: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A rectangle of whole pixels, e.g. the rows and columns worth decoding.
public struct PixelRect: Sendable, Equatable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
