/// How to write a WebP.
public struct WebPEncodeOptions: Sendable, Hashable, Codable {
    /// 1...100 on libwebp's scale. Lossy: the picture quality; lossless: how hard to compress (100
    /// smallest, slowest). The default, 82, was chosen as the lowest that matched the luma SSIM of
    /// our default JPEG on thumbnails (`scripts/measure/measure-webp-avif.py`; the measurement is
    /// in docs/formats.md, "Writing").
    public var quality: Int
    /// VP8L: exact pixels, the RGB under fully transparent pixels included. For graphics and
    /// screenshots; photos come out several times larger than lossy.
    public var lossless: Bool
    /// 0...6, libwebp's `method`: how many coding choices are tried, 0 fastest. The default is
    /// libwebp's own, 4 (docs/formats.md weighs the others).
    public var effort: Int
    /// libwebp's sharp RGB to 4:2:0 conversion (lossy only): crisper saturated edges, slower.
    public var sharpYUV: Bool

    /// Lossy, quality 82, effort 4, plain YUV conversion by default.
    public init(quality: Int = 82, lossless: Bool = false, effort: Int = 4, sharpYUV: Bool = false) {
        self.quality = quality
        self.lossless = lossless
        self.effort = effort
        self.sharpYUV = sharpYUV
    }
}
