/// Everything one fill-then-clip job can be told; the defaults fill the source's own shape with
/// Lanczos3, keep the input's format, and cut no corners.
///
/// `Hashable` and `Codable`, so a service can use the options as (part of) a cache key and accept
/// them as JSON: keys left out decode to the defaults.
public struct FitOptions: Sendable, Hashable, Codable {
    /// The output shape; nil keeps the source's (or the one `size` implies).
    public var ratio: AspectRatio?
    /// How big the output is; `.none` is the largest box of the ratio at the source's resolution
    /// (under contain: the smallest box of the ratio around the whole picture).
    public var size: SizeRequest = .none
    /// Which part of the source the crop keeps.
    public var gravity: Gravity = .centre
    /// Fill the box and clip (`cover`), or show the whole image letterboxed (`contain`).
    public var fit: FitMode = .cover
    /// False never upsamples: under cover a small source gives the largest box of the ratio it
    /// holds; under contain the box stays and the picture inside is never scaled up.
    public var enlarge = true
    /// The resampling filter.
    public var filter: Filter = .lanczos3
    /// Resample in linear light instead of on sRGB-encoded values.
    public var linearLight = false
    /// An unsharp mask on the resampled picture (gamma light, before bars and corners); nil: none.
    public var sharpen: Sharpen?
    /// Rounded corners; nil (or a zero radius) leaves the corners square.
    public var cornerRadius: CornerRadius?
    /// The curve of the rounded corners.
    public var cornerStyle: CornerStyle = .circular
    /// Under contain, whether the corners cut the output box or the picture inside its bars.
    public var cornersOn: CornerTarget = .box
    /// What contain bars, cut corners and transparent pixels become, in every output format. Nil:
    /// transparent where the output holds alpha (PNG, WebP, AVIF), white where it does not (JPEG).
    /// An opaque colour leaves the output without alpha; a translucent one is composited under the
    /// picture and, in JPEG, over white.
    public var background: RGBColor?
    /// The format to write.
    public var format: OutputFormat = .auto
    /// How JPEG output is encoded.
    public var jpeg = JPEGEncodeOptions()
    /// How PNG output is encoded.
    public var png = PNGEncodeOptions()
    /// PNG output's bits per sample; nil keeps a PNG source's (16 for a 16-bit PNG, as ImageMagick
    /// does) unless `toSRGB` converts its colours, which it does at 8 bits. The other formats are 8-bit.
    public var bitDepth: BitDepth?
    /// How WebP output is encoded.
    public var webp = WebPEncodeOptions()
    /// How AVIF output is encoded.
    public var avif = AVIFEncodeOptions()
    /// Carry the source's ICC profile into the output (when its colour model still fits).
    public var keepICCProfile = true
    /// Which of the source's EXIF, XMP and IPTC metadata to carry into the output, made true for
    /// it (`KeptMetadata`). None by default: thumbnails rarely want GPS.
    public var keepMetadata: KeptMetadata = .none
    /// Convert profiled RGB/grey input to sRGB and tag the output as sRGB (for places that ignore
    /// profiles: e-mail, some CDNs). Input already in sRGB is left as it is.
    public var toSRGB = false
    /// Pixel limit and how damaged data is treated.
    public var decode = DecodePolicy()
    /// At most this many bytes per output: the highest lossy quality up to the one asked for that
    /// fits (re-encoding the resampled pixels, never decoding again), or for a lossless format its
    /// tightest compression, and then for PNG the largest palette that fits down to the floor
    /// `PNGEncodeOptions.paletteColours(forQuality: minQuality)`; `FitError.overBudget` when
    /// nothing fits. Nil: no budget.
    public var maxBytes: Int?
    /// The lowest quality (1...100, on each format's own scale; for PNG the fewest palette colours,
    /// `PNGEncodeOptions.paletteColours(forQuality:)`) a byte budget may go down to; a quality
    /// asked for below it is kept as asked.
    public var minQuality = 30
    /// Which frames of an animated GIF or WebP, or an AVIF sequence, are written: all of them (when
    /// the output format animates: GIF, WebP, AVIF) or the first.
    public var frames: AnimationFrames = .all
    /// A still image of this frame (counted from 0) of an animated GIF or WebP, or an AVIF
    /// sequence, composited as it shows; nil: `frames` decides.
    public var frame: Int?
    /// Remove a uniform border before the fit (`Trim`): the crop, gravity and focus then apply to
    /// the box that is left, read from the pixels at full scale. Nil: no trim.
    public var trim: Trim?

    /// The defaults.
    public init() {}

    /// The decode these options ask for: their policy and sRGB conversion, at the plan's
    /// `scaleDenominator` over its `region` (nil: the whole image).
    func decodeOptions(scaleDenominator: Int = 1, region: PixelRect? = nil) -> DecodeOptions {
        DecodeOptions(policy: decode, convertToSRGB: toSRGB, scaleDenominator: scaleDenominator, region: region)
    }

    private enum CodingKeys: String, CodingKey {
        case ratio, size, gravity, fit, enlarge, filter, linearLight, sharpen, cornerRadius, cornerStyle, cornersOn, background, format
        case jpeg, png, bitDepth, webp, avif, keepICCProfile, keepMetadata, toSRGB, decode, maxBytes, minQuality
        case trim, frames, frame
    }

    /// Decodes the keys present; absent ones keep their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var o = FitOptions()
        o.ratio = try c.decodeIfPresent(AspectRatio.self, forKey: .ratio)
        o.size = try c.decodeIfPresent(SizeRequest.self, forKey: .size) ?? o.size
        o.gravity = try c.decodeIfPresent(Gravity.self, forKey: .gravity) ?? o.gravity
        o.fit = try c.decodeIfPresent(FitMode.self, forKey: .fit) ?? o.fit
        o.enlarge = try c.decodeIfPresent(Bool.self, forKey: .enlarge) ?? o.enlarge
        o.filter = try c.decodeIfPresent(Filter.self, forKey: .filter) ?? o.filter
        o.linearLight = try c.decodeIfPresent(Bool.self, forKey: .linearLight) ?? o.linearLight
        o.sharpen = try c.decodeIfPresent(Sharpen.self, forKey: .sharpen)
        o.cornerRadius = try c.decodeIfPresent(CornerRadius.self, forKey: .cornerRadius)
        o.cornerStyle = try c.decodeIfPresent(CornerStyle.self, forKey: .cornerStyle) ?? o.cornerStyle
        o.cornersOn = try c.decodeIfPresent(CornerTarget.self, forKey: .cornersOn) ?? o.cornersOn
        o.background = try c.decodeIfPresent(RGBColor.self, forKey: .background)
        o.format = try c.decodeIfPresent(OutputFormat.self, forKey: .format) ?? o.format
        o.jpeg = try c.decodeIfPresent(JPEGEncodeOptions.self, forKey: .jpeg) ?? o.jpeg
        o.png = try c.decodeIfPresent(PNGEncodeOptions.self, forKey: .png) ?? o.png
        o.bitDepth = try c.decodeIfPresent(BitDepth.self, forKey: .bitDepth)
        o.webp = try c.decodeIfPresent(WebPEncodeOptions.self, forKey: .webp) ?? o.webp
        o.avif = try c.decodeIfPresent(AVIFEncodeOptions.self, forKey: .avif) ?? o.avif
        o.keepICCProfile = try c.decodeIfPresent(Bool.self, forKey: .keepICCProfile) ?? o.keepICCProfile
        o.keepMetadata = try c.decodeIfPresent(KeptMetadata.self, forKey: .keepMetadata) ?? o.keepMetadata
        o.toSRGB = try c.decodeIfPresent(Bool.self, forKey: .toSRGB) ?? o.toSRGB
        o.decode = try c.decodeIfPresent(DecodePolicy.self, forKey: .decode) ?? o.decode
        o.maxBytes = try c.decodeIfPresent(Int.self, forKey: .maxBytes)
        o.minQuality = try c.decodeIfPresent(Int.self, forKey: .minQuality) ?? o.minQuality
        o.trim = try c.decodeIfPresent(Trim.self, forKey: .trim)
        o.frames = try c.decodeIfPresent(AnimationFrames.self, forKey: .frames) ?? o.frames
        o.frame = try c.decodeIfPresent(Int.self, forKey: .frame)
        self = o
    }
}

/// Filters are stored by name ("lanczos3", "catmull-rom").
extension Filter: Codable {}
