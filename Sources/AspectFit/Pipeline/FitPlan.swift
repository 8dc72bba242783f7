/// What `Pipeline` will do to one image, known from its header alone (nothing is decoded).
public struct FitPlan: Sendable, Equatable, CustomStringConvertible {
    /// The probed header of the source.
    public var source: ImageInfo
    /// The geometry: output size, sub-pixel crop, decode scale and region.
    public var geometry: CropPlan
    /// The format that will be written.
    public var outputFormat: ImageFormat
    /// The pixel layout that will be encoded.
    public var outputLayout: PixelLayout
    /// Bits per sample written: 16 only for PNG output (`FitOptions.bitDepth`), which then takes the
    /// 16-bit route (`WideResampler`).
    public var outputBitDepth = 8
    /// Set when the gravity chooses the window from the pixels; its focus once they were read.
    public var windowChoice: WindowChoice? = nil
    /// With `FitMode.contain`, the output box and where the scaled image (`geometry`'s output) sits in it.
    public var letterbox: Letterbox? = nil
    /// The rounded corners cut, resolved for the surface they round (the output box, or with
    /// `roundsPicture` the picture inside it); nil when the radius resolves to no pixels.
    public var corners: CornerMask? = nil
    /// Whether the corners round the picture inside the contain box (`CornerTarget.picture` with a
    /// letterbox) rather than the box.
    public var roundsPicture = false
    /// Whether the box's rounded corners fall wholly on contain bars of their own fill, so nothing
    /// shows them (`CornerTarget.picture` rounds the picture instead).
    public var cornersOnlyOnBars = false
    /// The factor by which the resampler's rows are box-averaged from a finer decode shared with
    /// other variants (`VariantSet`); 1 when they are decoded at `geometry.decodeScale`.
    public var boxReduction = 1
    /// Whether a full-scale JPEG decode repeated each subsampled chroma sample instead of smoothing
    /// it (`DecodeOptions.smoothChroma`, `CropPlan.hidesChromaReplication`); nil until decoded, as
    /// variants sharing a decode decide it together.
    public var repeatsChroma: Bool? = nil
    /// Whether a uniform border is trimmed first (`FitOptions.trim`): the source is then decoded
    /// whole at full scale, and a plan from the header alone has the untrimmed image's geometry.
    public var trims = false
    /// Whether every frame of an animated source is written, as an animation (GIF, WebP or AVIF output,
    /// `FitOptions.frames` all): one plan, one window, for all of them.
    public var animates = false
    /// Whether the source is read frame by frame, each composited on its canvas (`AnimationDecoder`):
    /// an animation written whole (`animates`) or one of its frames (`FitOptions.frame`) as a still.
    public var readsFrames = false
    /// The box the trim kept, in upright source pixels (the whole image when nothing differed from
    /// the border); nil until the pixels are read, and without a trim.
    public var trimmedBox: PixelRect? = nil

    /// Whether a full-scale JPEG decode may repeat the subsampled chroma for this output: a lossy (JPEG)
    /// output whose resampler reduces by 2x or more both ways (`CropPlan.hidesChromaReplication`).
    var hidesChromaReplication: Bool { outputFormat == .jpeg && geometry.hidesChromaReplication }

    /// Whether rounded corners are cut (a radius that resolves to more than zero pixels).
    public var cutsCorners: Bool { corners != nil }

    /// Whether the output has anything a background fills: contain bars, cut corners or source
    /// transparency.
    public var fillsBackground: Bool { letterbox != nil || cutsCorners || source.decodedLayout.hasAlpha }

    /// Whether this output decodes by itself rather than sharing a streamed 8-bit decode: its window
    /// is still to be chosen from the pixels, it is 16-bit, or it is trimmed.
    var decodesAlone: Bool { windowChoice?.isChosen == false || outputBitDepth == 16 || trims || readsFrames }

    /// The output width in pixels, upright: the letterbox's with `FitMode.contain`.
    public var outputWidth: Int { letterbox?.width ?? geometry.outputWidth }
    /// The output height in pixels, upright: the letterbox's with `FitMode.contain`.
    public var outputHeight: Int { letterbox?.height ?? geometry.outputHeight }

    /// One line: source format, geometry, output format and layout (with its depth when 16-bit).
    public var description: String {
        "\(source.format.rawValue) \(geometry) -> \(outputFormat.rawValue) \(outputLayout)\(outputBitDepth == 16 ? " 16-bit" : "")"
    }
}
