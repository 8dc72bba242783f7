/// How to write a JPEG.
public struct JPEGEncodeOptions: Sendable, Hashable, Codable {
    /// Chroma resolution of colour JPEGs.
    public enum Chroma: Sendable, Hashable, Codable {
        /// Half-resolution chroma in both directions (4:2:0): smaller, the usual choice for photos.
        case subsampled420
        /// Full-resolution chroma (4:4:4): sharper colour edges, larger files.
        case full444
    }

    /// The encoder that writes the JPEG.
    public enum Encoder: String, Sendable, Hashable, Codable, CaseIterable {
        /// aspectfit's own quantisation, written by libjpeg-turbo: perceptual tables, trellis
        /// quantisation, optimal Huffman tables and the smaller of sequential and progressive scans;
        /// smaller files at the same look, a slower encode (docs/bytes.md).
        case trellis
        /// libjpeg-turbo alone: its standard tables and rounding, the fastest encode.
        case turbo
    }

    /// 1...100 (libjpeg's quality scale; the trellis encoder's tables are calibrated to look alike).
    public var quality: Int
    /// Progressive scans: shows early when loaded over a slow link, often a little smaller.
    public var progressive: Bool
    /// Chroma resolution of colour output; nil chooses by quality (`resolvedChroma`).
    public var chroma: Chroma?
    /// Two-pass optimal Huffman tables: smaller files, a slower encode (the trellis encoder always has them).
    public var optimizeHuffman: Bool
    /// Which encoder writes the file. Progressive, under the trellis encoder: always progressive
    /// (otherwise the smaller of sequential and progressive).
    public var encoder: Encoder

    /// The quality from which colour JPEGs keep full-resolution chroma when `chroma` is nil, as
    /// vipsthumbnail does: there, for the same bytes, 4:4:4 has the smaller colour error (docs/quality.md).
    public static let fullChromaQuality = 90

    /// The chroma this encode uses: `chroma`, or 4:4:4 from `fullChromaQuality` and 4:2:0 below.
    public var resolvedChroma: Chroma {
        chroma ?? (quality >= Self.fullChromaQuality ? .full444 : .subsampled420)
    }

    /// Quality 85, not forced progressive, chroma by quality (4:2:0 at 85), libjpeg-turbo's encoder by default.
    public init(quality: Int = 85, progressive: Bool = false, chroma: Chroma? = nil,
                optimizeHuffman: Bool = false, encoder: Encoder = .turbo) {
        self.quality = quality
        self.progressive = progressive
        self.chroma = chroma
        self.optimizeHuffman = optimizeHuffman
        self.encoder = encoder
    }

    private enum CodingKeys: String, CodingKey {
        case quality, progressive, chroma, optimizeHuffman, encoder
    }

    /// Decodes the keys present; absent ones keep their defaults (JSON from before `encoder` existed still reads).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var o = JPEGEncodeOptions()
        o.quality = try c.decodeIfPresent(Int.self, forKey: .quality) ?? o.quality
        o.progressive = try c.decodeIfPresent(Bool.self, forKey: .progressive) ?? o.progressive
        o.chroma = try c.decodeIfPresent(Chroma.self, forKey: .chroma)
        o.optimizeHuffman = try c.decodeIfPresent(Bool.self, forKey: .optimizeHuffman) ?? o.optimizeHuffman
        o.encoder = try c.decodeIfPresent(Encoder.self, forKey: .encoder) ?? o.encoder
        self = o
    }
}
