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

    /// Parses "auto", "jpeg"/"jpg", "png", "webp", "avif" (case-insensitive).
    public init(parsing text: String) throws(OptionError) {
        switch text.lowercased() {
        case "auto": self = .auto
        case "jpeg", "jpg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "avif": self = .avif
        default: throw .unknownFormat(text)
        }
    }

    /// The concrete format for a source of `source` format whose result has transparency or not.
    /// `auto` keeps a format that is written and holds the result (PNG, WebP and AVIF keep alpha;
    /// JPEG becomes PNG when transparent); a format that is only read (HEIC, GIF) becomes JPEG, or
    /// PNG when transparent.
    public func resolved(source: ImageFormat, transparent: Bool) -> ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        case .avif: .avif
        case .auto:
            if source.isWritable && (!transparent || source.holdsAlpha) { source } else { transparent ? .png : .jpeg }
        }
    }
}
