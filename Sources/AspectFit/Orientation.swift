/// The EXIF orientation tag: how the stored pixels must be turned to be upright.
///
/// Values outside 1...8 (0 is common in the wild) mean `.up`.
public enum Orientation: Int, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left-right.
    case upMirrored = 2
    /// Rotated 180 degrees.
    case down = 3
    /// Mirrored top-bottom.
    case downMirrored = 4
    /// Transposed: x and y swapped.
    case leftMirrored = 5
    /// Must be rotated 90 degrees clockwise to be upright.
    case right = 6
    /// Transversed: mirrored across the other diagonal.
    case rightMirrored = 7
    /// Must be rotated 90 degrees anticlockwise to be upright.
    case left = 8

    /// The orientation for an EXIF tag value; invalid values are treated as `.up`.
    public init(exifValue: Int) {
        self = Orientation(rawValue: exifValue) ?? .up
    }

    /// Whether the upright image has width and height swapped relative to the stored one.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a stored `width` x `height` image.
    public func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Maps a point in continuous stored coordinates of a `width` x `height` image to upright ones.
    public func upright(x: Double, y: Double, storedWidth w: Double, storedHeight h: Double) -> (x: Double, y: Double) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (w - x, y)
        case .down: (w - x, h - y)
        case .downMirrored: (x, h - y)
        case .leftMirrored: (y, x)
        case .right: (h - y, x)
        case .rightMirrored: (h - y, w - x)
        case .left: (y, w - x)
        }
    }

    /// Maps a point in continuous upright coordinates back to stored ones (the inverse of `upright`).
    public func stored(x: Double, y: Double, storedWidth w: Double, storedHeight h: Double) -> (x: Double, y: Double) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (w - x, y)
        case .down: (w - x, h - y)
        case .downMirrored: (x, h - y)
        case .leftMirrored: (y, x)
        case .right: (y, h - x)
        case .rightMirrored: (w - y, h - x)
        case .left: (w - y, x)
        }
    }

    /// The stored-coordinate rectangle that shows as `box` once the image is upright.
    public func storedBox(_ box: Box, storedWidth w: Int, storedHeight h: Int) -> Box {
        let a = stored(x: box.x, y: box.y, storedWidth: Double(w), storedHeight: Double(h))
        let b = stored(x: box.maxX, y: box.maxY, storedWidth: Double(w), storedHeight: Double(h))
        return Box(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// The upright-coordinate rectangle showing the stored `box` (the inverse of `storedBox`);
    /// `.up` returns `box` untouched, so a crop given upright round-trips bit for bit.
    public func uprightBox(_ box: Box, storedWidth w: Int, storedHeight h: Int) -> Box {
        if self == .up { return box }
        let a = upright(x: box.x, y: box.y, storedWidth: Double(w), storedHeight: Double(h))
        let b = upright(x: box.maxX, y: box.maxY, storedWidth: Double(w), storedHeight: Double(h))
        return Box(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// Where stored-orientation output pixel (i, j) of a `width` x `height` result lands upright.
    @inline(__always)
    public func uprightPixel(i: Int, j: Int, storedWidth w: Int, storedHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (i, j)
        case .upMirrored: (w - 1 - i, j)
        case .down: (w - 1 - i, h - 1 - j)
        case .downMirrored: (i, h - 1 - j)
        case .leftMirrored: (j, i)
        case .right: (h - 1 - j, i)
        case .rightMirrored: (h - 1 - j, w - 1 - i)
        case .left: (j, w - 1 - i)
        }
    }
}
