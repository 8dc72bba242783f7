import FoundationEssentials

/// Why one image could not be fitted; `description` (and `localizedDescription`) is a one-line reason.
public enum FitError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// The input could not be read or decoded, or the output not encoded.
    case image(ImageIOError)
    /// The requested shape cannot be made from this source.
    case plan(PlanError)
    /// The task was cancelled before the fit finished; nothing was produced.
    case cancelled
    /// The memory the fit needs (`MemoryEstimate`, in bytes) could not be had; nothing was taken.
    case outOfMemory(bytes: Int)

    /// The one-line reason.
    public var description: String {
        switch self {
        case .image(let error): error.description
        case .plan(let error): error.description
        case .cancelled: "cancelled"
        case .outOfMemory(let bytes): "out of memory (\(bytes) bytes)"
        }
    }

    /// `description`, so `localizedDescription` reads as the message rather than an error code.
    public var errorDescription: String? { description }
}
