/// How the samples of one pixel are laid out in memory: 8 bits per sample, interleaved.
public enum PixelLayout: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// One gray sample.
    case gray8 = 1
    /// Gray, then alpha.
    case grayAlpha8 = 2
    /// Red, green, blue.
    case rgb8 = 3
    /// Red, green, blue, then straight (not premultiplied) alpha.
    case rgba8 = 4

    /// Samples (bytes) per pixel.
    public var channels: Int { rawValue }

    /// Whether the last sample is an alpha channel.
    public var hasAlpha: Bool { self == .grayAlpha8 || self == .rgba8 }

    /// The same colour model with an alpha channel added (or kept).
    public var withAlpha: PixelLayout { self == .gray8 ? .grayAlpha8 : self == .rgb8 ? .rgba8 : self }

    /// The same colour model with the alpha channel dropped (or still absent).
    public var withoutAlpha: PixelLayout { self == .grayAlpha8 ? .gray8 : self == .rgba8 ? .rgb8 : self }

    public var description: String {
        switch self {
        case .gray8: "Gray8"
        case .grayAlpha8: "GrayAlpha8"
        case .rgb8: "RGB8"
        case .rgba8: "RGBA8"
        }
    }
}
