/// The image formats AspectFit reads (all of them) and writes (`isWritable`); always detected from
/// the content, never the name.
public enum ImageFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// JPEG (JFIF or Exif), 8-bit, baseline or progressive.
    case jpeg
    /// PNG, any colour type and bit depth.
    case png
    /// WebP, lossy or lossless, with or without alpha, still or animated.
    case webp
    /// AVIF (AV1 in HEIF), 8 to 12 bits, still or an image sequence.
    case avif
    /// HEIF with HEVC (HEIC) or another coding libheif reads; the primary image.
    case heic
    /// GIF87a or GIF89a, still or animated.
    case gif

    /// Whether AspectFit can write this format; with `-f auto` a source in another one is written
    /// as JPEG or PNG (a still GIF too: `OutputFormat.resolved`).
    public var isWritable: Bool {
        switch self {
        case .jpeg, .png, .webp, .avif, .gif: true
        case .heic: false
        }
    }

    /// Whether this format is written as an animation when the source is one (GIF, WebP, an AVIF sequence).
    public var animates: Bool { self == .gif || self == .webp || self == .avif }

    /// Whether the format can carry an alpha channel as written.
    public var holdsAlpha: Bool { self != .jpeg }

    /// The longest side this format can hold: JPEG's 65500 (libjpeg's JPEG_MAX_DIMENSION, checked
    /// again by the C encoder), PNG's 16-bit 65535 (kept so PNG and JPEG plans barely differ), WebP's
    /// 16383 (14-bit sizes), GIF's 16-bit 65535; AVIF and HEIF have 32-bit sizes, bounded here by the
    /// largest writable side.
    public var maxSide: Int {
        switch self {
        case .jpeg: 65500
        case .png, .gif, .avif, .heic: 65535
        case .webp: 16383
        }
    }

    /// The longest side any writable format can be written with: the plan's bound before a format is chosen.
    public static var largestMaxSide: Int { ImageFormat.png.maxSide }
}
