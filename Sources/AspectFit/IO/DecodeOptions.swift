/// How to decode: limits, damage policy, JPEG DCT scale and the region wanted.
public struct DecodeOptions: Sendable, Equatable {
    /// The default pixel limit: 16383 x 16383.
    public static let defaultMaxPixels = 268_402_689

    /// Images whose header width x height exceeds this fail before any allocation.
    public var maxPixels: Int
    /// true: truncated or damaged data is an error; false: decode what is there and warn.
    public var failOnTruncation: Bool
    /// JPEG DCT scaling 1/1, 1/2, 1/4, 1/8 (PNG: must be 1).
    public var scaleDenominator: Int
    /// Rows/columns wanted, in scaled stored coordinates; nil means the whole image.
    public var region: PixelRect?
    /// Convert RGB and grey pixels that carry an ICC profile to sRGB (grey: the sRGB curve) while
    /// decoding. CMYK and YCCK JPEGs always come out as sRGB, through their profile.
    public var convertToSRGB = false
    /// Upsample a JPEG's subsampled chroma with libjpeg's triangle filter; false repeats each
    /// chroma sample instead, which is cheaper and indistinguishable once the
    /// resampler reduces by 2x or more (see `CropPlan.hidesChromaReplication`).
    public var smoothChroma = true
    /// Keep a 16-bit PNG's 16 bits (`ImageFile.decodeSixteenBit`) unless `convertToSRGB` is set;
    /// every other source, and the 8-bit entry points, decode to 8 bits.
    var keepsSixteenBits = false

    /// Whether decoding a `format` source with these options repeats subsampled chroma: a
    /// full-scale JPEG decode that does not smooth it.
    func repeatsChroma(decoding format: ImageFormat) -> Bool {
        format == .jpeg && scaleDenominator == 1 && !smoothChroma
    }

    /// The defaults decode the whole image at full scale and refuse damage.
    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, failOnTruncation: Bool = true,
                scaleDenominator: Int = 1, region: PixelRect? = nil) {
        self.maxPixels = maxPixels
        self.failOnTruncation = failOnTruncation
        self.scaleDenominator = scaleDenominator
        self.region = region
    }
}
