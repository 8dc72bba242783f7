import AspectFit

/// Reads inputs' headers for planning, reading only as much of a file as its header takes.
struct HeaderReader: Sendable {
    /// `--max-file-size`: a larger input fails as reading it would.
    var maxFileSize: Int
    /// Standard input, read whole before planning (nil when no input is `-`).
    var standardInputData: [UInt8]?

    /// How much of a file is read first; the library's `headerExtent` says whether that holds the
    /// whole header or how much more is needed.
    static let firstRead = 64 * 1024

    /// `input`'s header; if probing the part read fails, the whole file is probed so the error is
    /// the authoritative one.
    func header(of input: InputFile) throws -> ImageInfo {
        if input.isStandardInput { return try ImageFile.probe(standardInputData ?? []) }
        let size = try FileSystem.status(input.path, followingSymlinks: true).size
        if size > maxFileSize { throw FileReadError.tooLarge(limit: maxFileSize) }
        var count = Self.firstRead
        while true {
            let prefix = try FileSystem.readPrefix(input.path, count: count)
            if prefix.count < count { return try ImageFile.probe(prefix) }   // the whole file
            switch ImageFile.headerExtent(of: prefix) {
            case .complete(let end):
                if let info = try? ImageFile.probe(Array(prefix[..<end])) { return info }
                return try ImageFile.probe(FileSystem.readAll(input.path, limit: maxFileSize))
            case .needsAtLeast(let more):
                count = max(more, count)
            case .wholeFile:
                return try ImageFile.probe(FileSystem.readAll(input.path, limit: maxFileSize))
            }
        }
    }
}
