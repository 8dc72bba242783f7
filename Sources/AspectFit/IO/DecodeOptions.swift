/// How to decode: a fit's `DecodePolicy` (limit, damage) with what its plan chose (JPEG DCT scale,
/// the region wanted) and how the pixels come out.
public struct DecodeOptions: Sendable, Hashable {
    /// The default pixel limit: 16383 x 16383.
    public static let defaultMaxPixels = 268_402_689

    /// The pixel limit and how damaged data is treated.
    public var policy: DecodePolicy
    /// Images whose header width x height exceeds this fail before any allocation (`policy`'s).
    public var maxPixels: Int {
        get { policy.maxPixels }
        set { policy.maxPixels = newValue }
    }
    /// true: truncated or damaged data is an error; false: decode what is there and warn (`policy`'s).
    public var failOnTruncation: Bool {
        get { policy.failOnTruncation }
        set { policy.failOnTruncation = newValue }
    }
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
    /// Apply a HEIF grid's in-loop filters (HEVC deblocking and SAO) as its tiles decode; false leaves
    /// them out, which saves about a tenth of the decode and is indistinguishable once the resampler
    /// reduces by `CropPlan.hidesInLoopFilters`' factor. Other sources ignore it.
    public var inLoopFilters = true
    /// Threads the decode may use: a HEIF grid decodes its tiles on up to this many (the calling thread
    /// and helpers); every other source decodes on the calling thread alone. A batch that already
    /// runs one image per core keeps 1; a single image can take the cores that would sit idle.
    public var threads = 1
    /// Keep a 16-bit PNG's 16 bits (`ImageFile.decodeSixteenBit`) unless `convertToSRGB` is set;
    /// every other source, and the 8-bit entry points, decode to 8 bits.
    var keepsSixteenBits = false
    /// Keep a grey, YCbCr or RGB JPEG's block means while decoding it whole (`DecodedImage.blockMeans`);
    /// other sources, and region decodes, ignore it.
    var recordsBlockMeans = false

    /// Whether decoding a `format` source with these options repeats subsampled chroma: a
    /// full-scale JPEG decode that does not smooth it.
    func repeatsChroma(decoding format: ImageFormat) -> Bool {
        format == .jpeg && scaleDenominator == 1 && !smoothChroma
    }

    /// The defaults decode the whole image at full scale and refuse damage.
    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, failOnTruncation: Bool = true,
                scaleDenominator: Int = 1, region: PixelRect? = nil) {
        self.init(policy: DecodePolicy(maxPixels: maxPixels, failOnTruncation: failOnTruncation),
                  scaleDenominator: scaleDenominator, region: region)
    }

    /// `policy`, colour conversion to sRGB or not, at `scaleDenominator` over `region`.
    public init(policy: DecodePolicy, convertToSRGB: Bool = false, scaleDenominator: Int = 1, region: PixelRect? = nil) {
        self.policy = policy
        self.convertToSRGB = convertToSRGB
        self.scaleDenominator = scaleDenominator
        self.region = region
    }
}
