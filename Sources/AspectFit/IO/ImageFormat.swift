/// The image formats AspectFit reads and writes; always detected from the content, never the name.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// JPEG (JFIF or Exif), 8-bit, baseline or progressive.
    case jpeg
    /// PNG, any colour type and bit depth.
    case png

    /// The longest side this format can be written with: JPEG's 65500 (libjpeg's JPEG_MAX_DIMENSION,
    /// checked again by the C encoder), PNG's 16-bit 65535 (kept so PNG and JPEG plans barely differ).
    public var maxSide: Int {
        switch self {
        case .jpeg: 65500
        case .png: 65535
        }
    }

    /// The longest side any format can be written with: the plan's bound before a format is chosen.
    public static var largestMaxSide: Int { ImageFormat.png.maxSide }
}
