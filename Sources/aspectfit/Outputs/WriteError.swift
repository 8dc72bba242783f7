/// Why an output could not be written: a failed system call (and, when its temporary could not be
/// removed, what is left), a symlinked directory inside the output folder (the writer does not
/// write through one), or a file at the destination that may not be replaced (`ReplacementRule`).
enum WriteError: Error, CustomStringConvertible {
    case system(SystemError, leftover: String?)
    case symlinkedDirectory(PathBytes)
    case refused(String)

    var description: String {
        switch self {
        case .system(let error, let leftover): leftover.map { "\(error); \($0)" } ?? error.description
        case .symlinkedDirectory(let path): "\(path) is a symlink inside the output folder; refusing to write through it"
        case .refused(let reason): reason
        }
    }
}
