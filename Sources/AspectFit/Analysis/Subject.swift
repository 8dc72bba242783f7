/// Something in a picture that a crop should keep: a detected face, or the region that stands out
/// from the rest (saliency). Boxes are fractions of the upright image, so they hold at any size.
public struct Subject: Sendable, Equatable {
    /// What found the subject.
    public enum Kind: String, Sendable {
        /// A frontal face (dlib's HOG detector); the box is the face, brow to chin.
        case face
        /// The region where saliency (spectral residual, colour, skin) concentrates.
        case salient
    }

    /// What found it.
    public var kind: Kind
    /// The left edge, as a fraction of the upright image's width.
    public var x: Double
    /// The top edge, as a fraction of the upright image's height.
    public var y: Double
    /// The width, as a fraction of the upright image's width.
    public var width: Double
    /// The height, as a fraction of the upright image's height.
    public var height: Double
    /// How sure: a face's detector score (above 0; higher is surer), a salient region's share of
    /// the image's saliency (0...1).
    public var confidence: Double

    /// A subject of `kind` with its box in fractions of the upright image.
    public init(kind: Kind, x: Double, y: Double, width: Double, height: Double, confidence: Double) {
        self.kind = kind
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.confidence = confidence
    }

    /// The right edge, as a fraction of the width.
    public var maxX: Double { x + width }
    /// The bottom edge, as a fraction of the height.
    public var maxY: Double { y + height }

    /// Intersection over union of the two boxes: 0 apart, 1 the same box.
    func overlap(_ other: Subject) -> Double {
        let w = max(0, min(maxX, other.maxX) - max(x, other.x)), h = max(0, min(maxY, other.maxY) - max(y, other.y))
        let union = width * height + other.width * other.height - w * h
        return union > 0 ? w * h / union : 0
    }
}
