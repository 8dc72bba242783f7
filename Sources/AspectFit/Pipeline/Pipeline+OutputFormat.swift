extension OutputFormat {
    /// The fixed output format that writes `format`.
    public init(_ format: ImageFormat) {
        switch format {
        case .jpeg: self = .jpeg
        case .png: self = .png
        }
    }
}

extension Pipeline {
    /// The format `run` writes for a source of format `source` when that is known before its
    /// header is read (so a batch can name outputs without probing); nil when it depends on the
    /// output size: corners make a JPEG source transparent only when they round to at least a pixel.
    public func outputFormat(forSource source: ImageFormat) -> ImageFormat? {
        guard let opaque = options.format.resolved(source: source, transparent: false) else { return nil }
        if opaque == options.format.resolved(source: source, transparent: true) { return opaque }
        // Only a source without alpha (JPEG) is still open here: corners alone make it transparent.
        return options.cornerRadius == nil ? opaque : nil
    }

    /// Throws what decoding `info`'s image would throw for the input limits of `options.decode`
    /// (today the pixel limit), so a plan made from the header alone reports the same failure.
    public func checkInputLimits(_ info: ImageInfo) throws(FitError) {
        do {
            try ImageFile.checkPixelLimit(width: info.width, height: info.height, maxPixels: options.decode.maxPixels)
        } catch { throw .image(error) }
    }
}
