/// Why an input (or a `--files-from` list) could not be read: a system error, a path that is not
/// a regular file (a FIFO or device would block or never end), more bytes than the size limit, or
/// a file that changed between planning and reading.
enum FileReadError: Error, CustomStringConvertible {
    case system(SystemError)
    case notRegularFile
    case tooLarge(limit: Int)
    /// A regular file when the batch was planned, a symlink when read (not followed).
    case becameSymlink
    /// Another file (device and inode) than the one listed when the batch was planned.
    case replaced
    /// The bytes could not be allocated (an address-space limit).
    case outOfMemory(bytes: Int)

    var description: String {
        switch self {
        case .system(let error): error.description
        case .notRegularFile: "not a regular file (a pipe, FIFO or device; to read standard input, give -)"
        case .tooLarge(let limit): "larger than the \(ByteCount.text(limit)) limit (--max-file-size)"
        case .becameSymlink: "became a symlink after the batch was planned; not followed"
        case .replaced: "was replaced by another file after the batch was planned; not read"
        case .outOfMemory(let bytes): "out of memory (\(bytes) bytes to read it)"
        }
    }
}
