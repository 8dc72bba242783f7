import FoundationEssentials

/// Why a `PixelBuffer` could not be made from the given size and bytes.
public enum PixelBufferError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// A negative side, or a row too long to count in bytes.
    case invalidSize(width: Int, height: Int)
    /// More pixels than `limit` (`PixelBuffer.maxPixels`).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// Rows shorter than the pixels they must hold.
    case strideTooSmall(bytesPerRow: Int, minimum: Int)
    /// Fewer bytes than `height` rows of `bytesPerRow`.
    case bytesTooShort(needed: Int, available: Int)

    /// The one-line reason.
    public var description: String {
        switch self {
        case .invalidSize(let w, let h): "invalid pixel buffer size \(w)x\(h)"
        case .tooLarge(let w, let h, let limit): "pixel buffer \(w)x\(h) is over the limit of \(limit) pixels"
        case .strideTooSmall(let stride, let minimum): "bytesPerRow \(stride) is less than a row's \(minimum) bytes"
        case .bytesTooShort(let needed, let available): "pixel bytes too short: \(available) of \(needed)"
        }
    }

    /// `description`, so `localizedDescription` reads as the message rather than an error code.
    public var errorDescription: String? { description }
}
