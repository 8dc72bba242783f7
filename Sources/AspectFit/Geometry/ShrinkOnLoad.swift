/// The smaller decodes a source offers the plan, and which of them it may take
/// (docs/decode-scale.md; for WebP, docs/decode-scale-webp.md).
public enum ShrinkOnLoad: Sendable, Hashable {
    /// Full scale only: PNG, GIF, AVIF, HEIF, and a lossless or animated WebP.
    case none
    /// JPEG: libjpeg-turbo's scaled IDCT at 1/2, 1/4 and 1/8.
    case dct
    /// A lossy still WebP: libwebp averages each d x d block of the stored pixels (weighted by alpha)
    /// while it decodes, taken at 1/4 and 1/8 (with `alpha`, 1/8 only), and only when d divides both
    /// sides (so each decoded pixel is the mean of exactly its block). The other scales, and every
    /// scale of a lossless file, cost more instructions than the resampler saves (measured,
    /// docs/decode-scale-webp.md).
    case blockMean(alpha: Bool)

    /// What a source with header `info` offers.
    public init(_ info: ImageInfo) {
        switch info.format {
        case .jpeg: self = .dct
        case .webp where !info.isLossless && !info.isAnimated: self = .blockMean(alpha: info.hasAlpha)
        default: self = .none
        }
    }

    /// Whether a `width` x `height` (stored) source can be decoded at 1/`scale` this way.
    func offers(scale: Int, width: Int, height: Int) -> Bool {
        switch self {
        case .none: scale == 1
        case .dct: [1, 2, 4, 8].contains(scale)
        case .blockMean(let alpha):
            scale == 1 || ((alpha ? [8] : [4, 8]).contains(scale) && width % scale == 0 && height % scale == 0)
        }
    }
}
