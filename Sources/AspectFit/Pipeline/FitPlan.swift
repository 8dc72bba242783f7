/// What `Pipeline` will do to one image, known from its header alone (`--dry-run`, `--json`).
public struct FitPlan: Sendable, Equatable, CustomStringConvertible {
    /// The probed header of the source.
    public var source: ImageInfo
    /// The geometry: output size, sub-pixel crop, decode scale and region.
    public var crop: CropPlan
    /// The format that will be written.
    public var outputFormat: ImageFormat
    /// The pixel layout that will be encoded.
    public var outputLayout: PixelLayout
    /// Set when the gravity chooses the window from the pixels; its focus once they were read.
    public var windowChoice: WindowChoice? = nil
    /// With `FitMode.contain`, the output box and where the scaled image (`crop`'s output) sits in it.
    public var letterbox: Letterbox? = nil

    public var outputWidth: Int { letterbox?.width ?? crop.outputWidth }
    public var outputHeight: Int { letterbox?.height ?? crop.outputHeight }

    public var description: String {
        "\(source.format.rawValue) \(crop) -> \(outputFormat.rawValue) \(outputLayout)"
    }
}
