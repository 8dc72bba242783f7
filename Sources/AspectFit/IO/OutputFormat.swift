/// The file format to write: a fixed one, or `auto` to keep the input's.
public enum OutputFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// The input's format, except that a result with transparency becomes PNG (JPEG has no alpha)
    /// and a source in a format that is only read becomes JPEG (PNG when transparent).
    case auto
    /// Always JPEG; transparency is flattened onto the background.
    case jpeg
    /// Always PNG.
    case png

    /// Parses "auto", "jpeg"/"jpg", "png" (case-insensitive).
    public init(parsing text: String) throws(OptionError) {
        switch text.lowercased() {
        case "auto": self = .auto
        case "jpeg", "jpg": self = .jpeg
        case "png": self = .png
        default: throw .unknownFormat(text)
        }
    }

    /// The concrete format for a source of `source` format whose result has transparency or not.
    public func resolved(source: ImageFormat, transparent: Bool) -> ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .png: .png
        case .auto: transparent ? .png : source.isWritable ? source : .jpeg
        }
    }
}
