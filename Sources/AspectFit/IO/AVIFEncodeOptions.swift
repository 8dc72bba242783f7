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
    /// was chosen as the lowest that matched the luma SSIM of our default JPEG on thumbnails at
    /// speed 8 (`scripts/measure/measure-webp-avif.py`; docs/formats.md, "Writing").
    public var quality: Int
    /// 0...10, libaom's cpu-used: 10 is fastest. The default, 8, weighs bytes against encode time
    /// (docs/formats.md, "Writing", has the measured trade).
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
