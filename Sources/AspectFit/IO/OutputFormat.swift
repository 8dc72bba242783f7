/// The file format to write: a fixed one, or `auto` to keep the input's.
public enum OutputFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// The input's format, except that a result with transparency becomes PNG (JPEG has no alpha).
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

    /// The concrete format for a source of `source` format whose result has transparency or not;
    /// nil for WebP and AVIF, which `ImageFormat` does not name yet (`Pipeline.plan` then fails
    /// with `PlanError.formatNotWritable`).
    public func resolved(source: ImageFormat, transparent: Bool) -> ImageFormat? {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .webp, .avif: nil
        case .auto: transparent ? .png : source
        }
    }
}
