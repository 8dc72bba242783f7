/// How to write an AVIF (8-bit AV1 through libaom).
public struct AVIFEncodeOptions: Sendable, Hashable, Codable {
    /// Chroma resolution of colour AVIFs (grey is always written as 4:0:0).
    public enum Chroma: Sendable, Hashable, Codable {
        /// Half-resolution chroma in both directions (4:2:0): smaller, the usual choice for photos.
        case subsampled420
        /// Full-resolution chroma (4:4:4): sharper colour edges, larger files.
        case full444
    }

    /// 1...100, mapped onto AV1's quantizers 62...0 as libavif 1.0 maps its `quality` (100 is
    /// quantizer 0, not mathematically lossless); alpha uses the same quantizer. The default, 65,
    /// is the lowest that matched the luma SSIM of our default JPEG (quality 85, 4:2:0) on 400x300
    /// thumbnails of the corpus photos and samples at speed 8: 0.9751 against 0.9749, in 39% fewer
    /// bytes (`scripts/measure-webp-avif.py`, docs/formats.md "Writing").
    public var quality: Int
    /// 0...10, libaom's cpu-used: 10 is fastest. The default, 8, took 26-44 ms a 400x300 thumbnail
    /// on one thread in that measurement; 6 was 4% smaller with a higher SSIM in about 75 ms; 9 took
    /// about 8 ms but needed quality 68 and 10% more bytes to match the JPEG.
    public var speed: Int
    /// Chroma resolution of colour output.
    public var chroma: Chroma

    /// Quality 65, speed 8, 4:2:0 by default.
    public init(quality: Int = 65, speed: Int = 8, chroma: Chroma = .subsampled420) {
        self.quality = quality
        self.speed = speed
        self.chroma = chroma
    }
}
