import CImageIO

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
    /// 1...64: the threads libaom may encode one image on (row-based multithreading). One by
    /// default, which suits a batch running an image per core; a single image on an idle machine
    /// finishes sooner with its cores (the CLI gives each encode the cores its workers leave idle;
    /// docs/formats.md has the measured latency). The bytes are the same for every count: libaom
    /// is always given a second thread, as its single-threaded path codes the rows another way.
    public var threads: Int

    /// Quality 65, speed 8, 4:2:0, one thread by default.
    public init(quality: Int = 65, speed: Int = 8, chroma: Chroma = .subsampled420, threads: Int = 1) {
        self.quality = quality
        self.speed = speed
        self.chroma = chroma
        self.threads = threads
    }

    private enum CodingKeys: String, CodingKey { case quality, speed, chroma, threads }

    /// Reads options written before `threads` existed (one thread) as well as current ones.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(quality: try c.decode(Int.self, forKey: .quality), speed: try c.decode(Int.self, forKey: .speed),
                  chroma: try c.decode(Chroma.self, forKey: .chroma),
                  threads: try c.decodeIfPresent(Int.self, forKey: .threads) ?? 1)
    }
}

extension cio_avif_options {
    /// The C encoders' form of `options` (a still image's or every frame of a sequence's).
    init(_ options: AVIFEncodeOptions) {
        self.init(quality: Int32(clamping: options.quality), speed: Int32(clamping: options.speed),
                  full_chroma: options.chroma == .full444 ? 1 : 0, threads: Int32(clamping: options.threads))
    }
}
