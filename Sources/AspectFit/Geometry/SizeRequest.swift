/// How big the output should be; together with an `AspectRatio` it fixes the output size in pixels.
public enum SizeRequest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// This many pixels wide; the height follows from the ratio.
    case width(Int)
    /// This many pixels high; the width follows from the ratio.
    case height(Int)
    /// Exactly this size; the ratio is implied by it.
    case size(width: Int, height: Int)
    /// The longer side is this many pixels (a bounding square); the other follows from the ratio.
    case longEdge(Int)
    /// No resampling: the largest box of the ratio at the source's own resolution (a pure clip).
    case none

    public var description: String {
        switch self {
        case .width(let w): "width \(w)"
        case .height(let h): "height \(h)"
        case .size(let w, let h): "size \(w)x\(h)"
        case .longEdge(let n): "long edge \(n)"
        case .none: "source resolution"
        }
    }

    /// Whether every number in the request is at least 1.
    var isPositive: Bool {
        switch self {
        case .width(let n), .height(let n), .longEdge(let n): n > 0
        case .size(let w, let h): w > 0 && h > 0
        case .none: true
        }
    }
}
