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
    /// No encode fits `FitOptions.maxBytes`: the smallest made is `smallestBytes`, at the floor
    /// quality (`FitOptions.minQuality`) for a lossy format or a PNG (whose floor is a palette of
    /// `paletteColours`, `PNGEncodeOptions.paletteColours(forQuality:)`), at the tightest
    /// compression (nil) for lossless WebP. Nothing was produced.
    case overBudget(smallestBytes: Int, maxBytes: Int, atQuality: Int?, paletteColours: Int? = nil)

    /// The one-line reason.
    public var description: String {
        switch self {
        case .image(let error): error.description
        case .plan(let error): error.description
        case .cancelled: "cancelled"
        case .outOfMemory(let bytes): "out of memory (\(bytes) bytes)"
        case .overBudget(let smallest, let limit, let quality?, let colours?):
            "no encode fits in \(limit) bytes: the smallest, at the minimum quality \(quality) (a palette of \(colours) colours), is \(smallest) bytes"
        case .overBudget(let smallest, let limit, let quality?, nil):
            "no encode fits in \(limit) bytes: the smallest, at the minimum quality \(quality), is \(smallest) bytes"
        case .overBudget(let smallest, let limit, nil, _):
            "no encode fits in \(limit) bytes: the smallest, lossless at the tightest compression (nothing is quantised), is \(smallest) bytes"
        }
    }

    /// `description`, so `localizedDescription` reads as the message rather than an error code.
    public var errorDescription: String? { description }
}
