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

    /// The output width in pixels, upright.
    public var outputWidth: Int { geometry.outputWidth }
    /// The output height in pixels, upright.
    public var outputHeight: Int { geometry.outputHeight }

    /// One line: source format, geometry, output format and layout.
    public var description: String {
        "\(source.format.rawValue) \(geometry) -> \(outputFormat.rawValue) \(outputLayout)"
    }
}
