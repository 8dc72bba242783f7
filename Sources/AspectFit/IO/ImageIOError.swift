import CImageIO

/// Why reading, decoding or encoding an image failed; `description` is a one-line message.
public enum ImageIOError: Error, Equatable, CustomStringConvertible {
    /// A valid file this code does not handle (12-bit or lossless JPEG, not JPEG/PNG at all).
    case unsupported(String)
    /// Malformed or damaged data.
    case corrupt(String)
    /// The data ends early (an error unless `DecodeOptions.failOnTruncation` is false).
    case truncated(String)
    /// Over the pixel limit, checked on the header before any allocation.
    case tooLarge(String)
    /// The file could not be read.
    case io(String)
    /// Bad options or an input the format cannot hold (e.g. alpha for JPEG).
    case invalidArgument(String)
    /// An allocation failed.
    case outOfMemory(String)

    /// The one-line message.
    public var message: String {
        switch self {
        case .unsupported(let m), .corrupt(let m), .truncated(let m), .tooLarge(let m),
             .io(let m), .invalidArgument(let m), .outOfMemory(let m): m
        }
    }

    public var description: String { message }

    /// Maps a C status and its message buffer to the Swift error.
    init(status: cio_status, message: inout cio_message) {
        let text = withUnsafeBytes(of: &message.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch status {
        case CIO_UNSUPPORTED: self = .unsupported(text)
        case CIO_TRUNCATED: self = .truncated(text)
        case CIO_TOO_LARGE: self = .tooLarge(text)
        case CIO_INVALID_ARGUMENT: self = .invalidArgument(text)
        case CIO_OUT_OF_MEMORY: self = .outOfMemory(text)
        default: self = .corrupt(text)
        }
    }
}
