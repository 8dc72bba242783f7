/// Decoded pixels and where they sit in the (scaled) image.
public struct DecodedImage: Sendable, Equatable {
    /// The pixels of `region`.
    public var pixels: PixelBuffer
    /// What was decoded, in scaled stored coordinates. Today this is exactly the region asked for
    /// (JPEG column crops are made one iMCU wider inside and trimmed, so the pixels equal a full
    /// decode's); callers should still read it rather than assume it.
    public var region: PixelRect
    /// The full scaled image width.
    public var scaledWidth: Int
    /// The full scaled image height.
    public var scaledHeight: Int
    /// Accepted damage and ignored problems (dropped chunks, extraneous bytes).
    public var warnings: [String]
    /// The JPEG's block means (`ImageFile.blockMeans`), when the decode recorded them.
    var blockMeans: PixelBuffer?

    /// A decoded region and its context.
    public init(pixels: PixelBuffer, region: PixelRect, scaledWidth: Int, scaledHeight: Int, warnings: [String]) {
        self.pixels = pixels
        self.region = region
        self.scaledWidth = scaledWidth
        self.scaledHeight = scaledHeight
        self.warnings = warnings
    }
}

/// The outcome of a row-streaming decode (the rows themselves went to the callback).
public struct DecodeSummary: Sendable, Equatable {
    /// What was decoded, in scaled stored coordinates (see `DecodedImage.region`).
    public var region: PixelRect
    /// The layout of the rows handed out.
    public var layout: PixelLayout
    /// The full scaled image width.
    public var scaledWidth: Int
    /// The full scaled image height.
    public var scaledHeight: Int
    /// Accepted damage and ignored problems.
    public var warnings: [String]
}
