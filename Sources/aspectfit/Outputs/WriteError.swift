/// Why an output could not be written: a failed system call, or a symlinked directory inside the
/// output folder (the writer does not write through one).
enum WriteError: Error, CustomStringConvertible {
    case system(SystemError)
    case symlinkedDirectory(PathBytes)

    var description: String {
        switch self {
        case .system(let error): error.description
        case .symlinkedDirectory(let path): "\(path) is a symlink inside the output folder; refusing to write through it"
        }
    }
}
