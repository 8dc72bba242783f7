/// Why one image could not be fitted; `description` is the one-line reason the CLI prints.
public enum FitError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read, decoded or encoded.
    case image(ImageIOError)
    /// The requested shape cannot be made from this source.
    case plan(PlanError)
    /// An option value that makes no sense.
    case invalidOption(String)

    public var description: String {
        switch self {
        case .image(let error): error.description
        case .plan(let error): error.description
        case .invalidOption(let message): message
        }
    }
}
