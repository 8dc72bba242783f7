extension OutputFormat {
    /// The fixed output format that writes `format`; nil for a format that is only read.
    public init?(_ format: ImageFormat) {
        switch format {
        case .jpeg: self = .jpeg
        case .png: self = .png
        case .webp: self = .webp
        case .avif: self = .avif
        case .gif: self = .gif
        case .heic: return nil
        }
    }
}

extension Pipeline {
    /// The format `run` writes for a source of format `source` when that is known before its
    /// header is read (so a batch can name outputs without probing); nil when it depends on the
    /// output size: corners make a JPEG source transparent only when they round to at least a pixel.
    public func outputFormat(forSource source: ImageFormat) -> ImageFormat? {
        // a GIF source's result is a GIF when it is an animation, which only its header says
        if source == .gif && options.format == .auto && options.frames == .all && options.frame == nil { return nil }
        let opaque = options.format.resolved(source: source, transparent: false)
        if opaque == options.format.resolved(source: source, transparent: true) { return opaque }
        // A JPEG has no alpha, so only corners can make its result transparent; other sources say
        // whether they have alpha in their header.
        return source == .jpeg && options.cornerRadius == nil ? opaque : nil
    }

    /// Throws what decoding `info`'s image would throw for the input limits of `options.decode`
    /// (today the pixel limit), so a plan made from the header alone reports the same failure.
    public func checkInputLimits(_ info: ImageInfo) throws(FitError) {
        do {
            try ImageFile.checkPixelLimit(width: info.width, height: info.height, maxPixels: options.decode.maxPixels)
        } catch { throw .image(error) }
    }
}
