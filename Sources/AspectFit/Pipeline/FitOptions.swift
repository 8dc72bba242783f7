/// Everything one fill-then-clip job can be told; the defaults fill the source's own shape with
/// Lanczos3, keep the input's format, and cut no corners.
///
/// `Hashable` and `Codable`, so a service can use the options as (part of) a cache key and accept
/// them as JSON: keys left out decode to the defaults.
public struct FitOptions: Sendable, Hashable, Codable {
    /// The output shape; nil keeps the source's (or the one `size` implies).
    public var ratio: AspectRatio?
    /// How big the output is; `.none` is the largest box of the ratio at the source's resolution.
    public var size: SizeRequest = .none
    /// Which part of the source the crop keeps.
    public var gravity: Gravity = .centre
    /// Fill the box and clip (`cover`), or show the whole image letterboxed (`contain`).
    public var fit: FitMode = .cover
    /// False never upsamples: a small source gives the largest box of the ratio it holds.
    public var enlarge = true
    /// The resampling filter.
    public var filter: Filter = .lanczos3
    /// Resample in linear light instead of on sRGB-encoded values.
    public var linearLight = false
    /// Rounded corners; nil (or a zero radius) leaves the corners square.
    public var cornerRadius: CornerRadius?
    /// The curve of the rounded corners.
    public var cornerStyle: CornerStyle = .circular
    /// What transparent corners and pixels become in a format without alpha (JPEG).
    public var background: RGBColor = .white
    /// The format to write.
    public var format: OutputFormat = .auto
    /// How JPEG output is encoded.
    public var jpeg = JPEGEncodeOptions()
    /// How PNG output is encoded.
    public var png = PNGEncodeOptions()
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

    /// The defaults.
    public init() {}

    private enum CodingKeys: String, CodingKey {
        case ratio, size, gravity, fit, enlarge, filter, linearLight, cornerRadius, cornerStyle, background, format
        case jpeg, png, webp, avif, keepICCProfile, keepMetadata, toSRGB, decode
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
        o.cornerRadius = try c.decodeIfPresent(CornerRadius.self, forKey: .cornerRadius)
        o.cornerStyle = try c.decodeIfPresent(CornerStyle.self, forKey: .cornerStyle) ?? o.cornerStyle
        o.background = try c.decodeIfPresent(RGBColor.self, forKey: .background) ?? o.background
        o.format = try c.decodeIfPresent(OutputFormat.self, forKey: .format) ?? o.format
        o.jpeg = try c.decodeIfPresent(JPEGEncodeOptions.self, forKey: .jpeg) ?? o.jpeg
        o.png = try c.decodeIfPresent(PNGEncodeOptions.self, forKey: .png) ?? o.png
        o.webp = try c.decodeIfPresent(WebPEncodeOptions.self, forKey: .webp) ?? o.webp
        o.avif = try c.decodeIfPresent(AVIFEncodeOptions.self, forKey: .avif) ?? o.avif
        o.keepICCProfile = try c.decodeIfPresent(Bool.self, forKey: .keepICCProfile) ?? o.keepICCProfile
        o.keepMetadata = try c.decodeIfPresent(KeptMetadata.self, forKey: .keepMetadata) ?? o.keepMetadata
        o.toSRGB = try c.decodeIfPresent(Bool.self, forKey: .toSRGB) ?? o.toSRGB
        o.decode = try c.decodeIfPresent(DecodePolicy.self, forKey: .decode) ?? o.decode
        self = o
    }
}

/// Filters are stored by name ("lanczos3", "catmull-rom").
extension Filter: Codable {}
