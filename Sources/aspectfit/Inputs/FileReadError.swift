/// Why an input (or a `--files-from` list) could not be read: a system error, a path that is not
/// a regular file (a FIFO or device would block or never end), or more bytes than the size limit.
enum FileReadError: Error, CustomStringConvertible {
    case system(SystemError)
    case notRegularFile
    case tooLarge(limit: Int)

    var description: String {
        switch self {
        case .system(let error): error.description
        case .notRegularFile: "not a regular file"
        case .tooLarge(let limit): "larger than the \(ByteCount.text(limit)) limit (--max-file-size)"
        }
    }
}
