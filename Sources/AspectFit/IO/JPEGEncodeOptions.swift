/// How to write a JPEG.
public struct JPEGEncodeOptions: Sendable, Hashable, Codable {
    /// Chroma resolution of colour JPEGs.
    public enum Chroma: Sendable, Hashable, Codable {
        /// Half-resolution chroma in both directions (4:2:0): smaller, the usual choice for photos.
        case subsampled420
        /// Full-resolution chroma (4:4:4): sharper colour edges, larger files.
        case full444
    }

    /// 1...100 (libjpeg's quality scale).
    public var quality: Int
    /// Progressive scans: shows early when loaded over a slow link, often a little smaller.
    public var progressive: Bool
    /// Chroma resolution of colour output; nil chooses by quality (`resolvedChroma`).
    public var chroma: Chroma?
    /// Two-pass optimal Huffman tables: smaller files, a slower encode.
    public var optimizeHuffman: Bool

    /// The quality from which colour JPEGs keep full-resolution chroma when `chroma` is nil, as
    /// vipsthumbnail does: there, for the same bytes, 4:4:4 has the smaller colour error (docs/quality.md).
    public static let fullChromaQuality = 90

    /// The chroma this encode uses: `chroma`, or 4:4:4 from `fullChromaQuality` and 4:2:0 below.
    public var resolvedChroma: Chroma {
        chroma ?? (quality >= Self.fullChromaQuality ? .full444 : .subsampled420)
    }

    /// Quality 85, baseline, chroma by quality (4:2:0 at 85), standard Huffman tables by default.
    public init(quality: Int = 85, progressive: Bool = false, chroma: Chroma? = nil,
                optimizeHuffman: Bool = false) {
        self.quality = quality
        self.progressive = progressive
        self.chroma = chroma
        self.optimizeHuffman = optimizeHuffman
    }
}
