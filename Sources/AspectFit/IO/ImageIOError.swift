import CImageIO
import FoundationEssentials

/// Why reading, decoding or encoding an image failed; `description` is a one-line message.
///
/// The cases a service answers differently are structured: `unsupported` (415), `tooLarge` (413),
/// `truncated` and `corrupt` (422); the others are the server's own problem.
public enum ImageIOError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// A valid file of a kind this code does not handle, e.g. "12-bit JPEG", "lossless JPEG",
    /// "not a JPEG, PNG, WebP, AVIF, HEIF or GIF file".
    case unsupported(format: String)
    /// Malformed or damaged data.
    case corrupt(String)
    /// The data ends early, or is empty (an error unless `failOnTruncation` is false).
    case truncated(String)
    /// The header declares more pixels than `limit` allows; checked before any allocation.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// Another resource bound was reached (the JPEG decoder's memory budget, a PNG chunk size).
    case limitExceeded(String)
    /// The file could not be read.
    case io(String)
    /// Bad options or an input the format cannot hold (e.g. alpha for JPEG).
    case invalidArgument(String)
    /// An allocation failed.
    case outOfMemory(String)

    /// The one-line message.
    public var description: String {
        switch self {
        case .unsupported(let format): "unsupported: \(format)"
        case .tooLarge(let width, let height, let limit):
            "image is \(width)x\(height) (\(width * height) pixels), over the limit of \(limit) pixels"
        case .corrupt(let m), .truncated(let m), .limitExceeded(let m), .io(let m), .invalidArgument(let m),
             .outOfMemory(let m): m
        }
    }

    /// `description`, so `localizedDescription` reads as the message rather than an error code.
    public var errorDescription: String? { description }

    /// Maps a C status and its message buffer to the Swift error.
    init(status: cio_status, message: inout cio_message) {
        let text = withUnsafeBytes(of: &message.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch status {
        case CIO_UNSUPPORTED where text == "empty file": self = .truncated(text)
        case CIO_UNSUPPORTED:
            let prefix = "unsupported: "
            self = .unsupported(format: text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
        case CIO_TRUNCATED: self = .truncated(text)
        case CIO_TOO_LARGE: self = .limitExceeded(text)
        case CIO_INVALID_ARGUMENT: self = .invalidArgument(text)
        case CIO_OUT_OF_MEMORY: self = .outOfMemory(text)
        default: self = .corrupt(text)
        }
    }
}
