/// Everything one fill-then-clip job can be told; the defaults are what `aspectfit` does unasked.
public struct FitOptions: Sendable {
    /// The output shape; nil keeps the source's (or the one `size` implies).
    public var ratio: AspectRatio?
    public var size: SizeRequest = .none
    public var gravity: Gravity = .centre
    /// False never upsamples: a small source gives the largest box of the ratio it holds.
    public var enlarge = true
    public var filter: Filter = .lanczos3
    /// Resample in linear light instead of on sRGB-encoded values.
    public var linearLight = false
    /// Rounded corners; nil (or a zero radius) leaves the corners square.
    public var cornerRadius: CornerRadius?
    public var cornerStyle: CornerStyle = .circular
    /// What transparent corners and pixels become in a format without alpha (JPEG).
    public var background: RGBColor = .white
    public var format: OutputFormat = .auto
    public var jpeg = JPEGEncodeOptions()
    public var png = PNGEncodeOptions()
    /// Carry the source's ICC profile into the output (when its colour model still fits).
    public var keepICCProfile = true
    /// Carry the source's EXIF block (camera, date, GPS) into the output, its orientation set to
    /// 1 because the pixels are written upright. Off by default: thumbnails rarely want GPS.
    public var keepEXIF = false
    /// Convert profiled RGB/grey input to sRGB and tag the output as sRGB (for places that ignore
    /// profiles: e-mail, some CDNs). Input already in sRGB is left as it is.
    public var toSRGB = false
    /// Pixel limit and how damaged data is treated.
    public var decode = DecodeOptions()

    public init() {}
}
