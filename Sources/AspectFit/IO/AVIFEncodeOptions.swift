/// How to write an AVIF (8-bit AV1 through libaom).
public struct AVIFEncodeOptions: Sendable, Hashable, Codable {
    /// Chroma resolution of colour AVIFs (grey is always written as 4:0:0).
    public enum Chroma: Sendable, Hashable, Codable {
        /// Half-resolution chroma in both directions (4:2:0): smaller, the usual choice for photos.
        case subsampled420
        /// Full-resolution chroma (4:4:4): sharper colour edges, larger files.
        case full444
    }

    /// 1...100, mapped linearly onto AV1's quantizers 63...0 as libavif 1.0's `quality` is (100 is
    /// quantizer 0, not mathematically lossless). Alpha uses the same quantizer. The default, 60,
    /// matched the SSIM of our default JPEG (quality 85) on 400x300 thumbnails of the corpus photos
    /// at about half its bytes (`scripts/measure-webp-avif.py`, docs/formats.md "Writing").
    public var quality: Int
    /// 0...10, libaom's cpu-used: 10 is fastest. The default, 8, kept a 400x300 encode at about
    /// 30 ms on one core; 6 is a few percent smaller at about twice the time.
    public var speed: Int
    /// Chroma resolution of colour output.
    public var chroma: Chroma

    /// Quality 60, speed 8, 4:2:0 by default.
    public init(quality: Int = 60, speed: Int = 8, chroma: Chroma = .subsampled420) {
        self.quality = quality
        self.speed = speed
        self.chroma = chroma
    }
}
