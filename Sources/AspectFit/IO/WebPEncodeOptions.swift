/// How to write a WebP.
public struct WebPEncodeOptions: Sendable, Hashable, Codable {
    /// 1...100 on libwebp's scale. Lossy: the picture quality; lossless: how hard to compress (100
    /// smallest, slowest). The default, 82, is the lowest that matched the luma SSIM of our default
    /// JPEG (quality 85, 4:2:0) on 400x300 thumbnails of the corpus photos and samples: 0.9757
    /// against 0.9749, in 28% fewer bytes (`scripts/measure-webp-avif.py`, docs/formats.md "Writing").
    public var quality: Int
    /// VP8L: exact pixels, the RGB under fully transparent pixels included. For graphics and
    /// screenshots; photos come out several times larger than lossy.
    public var lossless: Bool
    /// 0...6, libwebp's `method`: how many coding choices are tried, 0 fastest. The default, 4
    /// (libwebp's own), took about 12 ms a thumbnail in the same measurement; 6 was 4% smaller at
    /// the same quality, with a lower SSIM, in 2.5 times the time; 2 was 2% larger in half the time.
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
