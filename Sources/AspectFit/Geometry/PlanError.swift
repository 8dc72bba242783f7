import FoundationEssentials

/// Why no crop plan can be made for a source and a request; each has a one-line message.
public enum PlanError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// The source has no pixels (a zero or negative side).
    case invalidSource(width: Int, height: Int)
    /// A requested side is zero or negative.
    case nonPositiveSize(SizeRequest)
    /// Both a ratio and an exact size were given, and they describe different shapes.
    case conflictingRatio(width: Int, height: Int, ratio: AspectRatio)
    /// The output would exceed `maxSide` on a side (the output format's limit) or `maxPixels` in all.
    case outputTooLarge(width: Double, height: Double, maxSide: Int, maxPixels: Int)
    /// A focus point outside 0...1 (or not a number).
    case invalidFocus(x: Double, y: Double)
    /// A trim with 16-bit output: the trim reads the pixels on the 8-bit route.
    case trimSixteenBit
    /// `FitOptions.frame` names a frame the source does not have, or one of an animation whose
    /// frames are not read one by one (an AVIF sequence: only its first).
    case noSuchFrame(index: Int, frameCount: Int, format: String)

    public var description: String {
        switch self {
        case .invalidSource(let w, let h):
            "the source is \(w)x\(h) pixels: nothing to crop"
        case .nonPositiveSize(let request):
            "the requested \(request) must be at least 1 pixel"
        case .conflictingRatio(let w, let h, let ratio):
            "size \(w)x\(h) is not \(ratio) (give a size or a ratio with one side, not both)"
        case .outputTooLarge(let w, let h, let maxSide, let maxPixels):
            w > Double(maxSide) || h > Double(maxSide)
                ? "the output would be \(DecimalText.format(w, decimals: 0))x\(DecimalText.format(h, decimals: 0)) pixels, "
                    + "a side over the limit of \(maxSide) pixels"
                : "the output would be \(DecimalText.format(w, decimals: 0))x\(DecimalText.format(h, decimals: 0)) pixels "
                    + "(\(DecimalText.format(w * h, decimals: 0)) in all), over the limit of \(maxPixels) pixels"
        case .invalidFocus(let x, let y):
            "focus point \(x),\(y) is outside the image; both must be in 0...1"
        case .trimSixteenBit:
            "a trimmed image is written at 8 bits: 16-bit output cannot be trimmed"
        case .noSuchFrame(let index, let count, let format):
            index >= 0 && index < count
                ? "frame \(index) of a \(format) animation cannot be read: only the first frame of its \(count) is"
                : "there is no frame \(index): the \(format) image has \(count) frame\(count == 1 ? "" : "s") (counted from 0)"
        }
    }

    /// `description`, so `localizedDescription` reads as the message rather than an error code.
    public var errorDescription: String? { description }
}
