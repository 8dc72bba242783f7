/// The file format to write: a fixed one, or `auto` to keep the input's.
public enum OutputFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// The input's format when it is written and holds the result; else PNG for a result with
    /// transparency, JPEG otherwise (see `resolved(source:transparent:)`).
    case auto
    /// Always JPEG; transparency is flattened onto the background.
    case jpeg
    /// Always PNG.
    case png
    /// Always WebP (lossy unless `WebPEncodeOptions.lossless`); transparency is kept.
    case webp
    /// Always AVIF; transparency is kept.
    case avif
    /// Always GIF: 256 colours a frame (median cut, dithered), transparency as one index.
    case gif

    /// Parses "auto", "jpeg"/"jpg", "png", "webp", "avif", "gif" (case-insensitive).
    public init(parsing text: String) throws(OptionError) {
        switch text.lowercased() {
        case "auto": self = .auto
        case "jpeg", "jpg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "avif": self = .avif
        case "gif": self = .gif
        default: throw .unknownFormat(text)
        }
    }

    /// The format of an output whose file name ends in `.ext`: the format `ext` names (jpg, jpeg,
    /// jpe, jfif, png, webp, avif or gif, any case), as image tools decide by the name, else this one
    /// (an extension naming no written format, or none: ""). Nil when this one is fixed and the name asks for another.
    public func resolved(forFileExtension ext: String) -> OutputFormat? {
        guard let named = ImageFormat(fileExtension: ext).flatMap(OutputFormat.init) else { return self }
        return self == .auto || self == named ? named : nil
    }

    /// The concrete format for a source of `source` format whose result has transparency or not,
    /// and is an animation or not. `auto` keeps a format that is written and holds the result (PNG,
    /// WebP and AVIF keep alpha; JPEG becomes PNG when transparent; GIF stays GIF for an animation);
    /// a format that is only read (HEIC), or a still GIF, becomes JPEG, or PNG when transparent.
    public func resolved(source: ImageFormat, transparent: Bool, animated: Bool = false) -> ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        case .avif: .avif
        case .gif: .gif
        case .auto:
            if source.isWritable && (source != .gif || animated) && (!transparent || source.holdsAlpha) { source }
            else { transparent ? .png : .jpeg }
        }
    }
}
