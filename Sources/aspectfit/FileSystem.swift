#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity on the machine: equal identities are the same file, whatever the path.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// What `stat`/`lstat` says about a path, reduced to what the CLI needs.
struct FileStatus: Sendable {
    enum Kind: Sendable { case regular, directory, symlink, other }
    var kind: Kind
    var identity: FileIdentity
    var size: Int
}

/// A failed system call: the path and `strerror(errno)`, as one line.
struct SystemError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
    static var current: SystemError { SystemError(code: errno) }
}

/// Thin POSIX file-system calls on byte paths (no Foundation: fast on 100,000 files).
enum FileSystem {
    /// `stat` (following symlinks) or `lstat` (not following).
    static func status(_ path: PathBytes, followingSymlinks: Bool) throws(SystemError) -> FileStatus {
        var st = stat()
        let rc = path.withCString { followingSymlinks ? stat($0, &st) : lstat($0, &st) }
        guard rc == 0 else { throw SystemError.current }
        let kind: FileStatus.Kind = switch st.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symlink
        default: .other
        }
        return FileStatus(kind: kind, identity: FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)), size: Int(st.st_size))
    }

    static func exists(_ path: PathBytes) -> Bool {
        (try? status(path, followingSymlinks: false)) != nil
    }

    /// The first `count` bytes of a file (fewer if it is shorter).
    static func readPrefix(_ path: PathBytes, count: Int) throws(SystemError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemError.current }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 { if errno == EINTR { continue }; throw SystemError.current }
            if n == 0 { break }
            filled += n
        }
        return Array(buffer[..<filled])
    }

    /// The whole content of a file (or of an open descriptor such as standard input).
    static func readAll(_ path: PathBytes) throws(SystemError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemError.current }
        defer { close(fd) }
        return try readAll(descriptor: fd)
    }

    static func readAll(descriptor fd: Int32) throws(SystemError) -> [UInt8] {
        var st = stat()
        let expected = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : 0
        var buffer = [UInt8](repeating: 0, count: max(expected + 1, 64 * 1024))   // +1: the final read sees EOF without growing
        var filled = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 { if errno == EINTR { continue }; throw SystemError.current }
            if n == 0 { break }
            filled += n
        }
        buffer.removeSubrange(filled...)
        return buffer
    }

    /// `mkdir -p`: creates `path` and missing parents (mode 0777 & ~umask); safe to race.
    static func makeDirectories(_ path: PathBytes) throws(SystemError) {
        if let st = try? status(path, followingSymlinks: true), st.kind == .directory { return }
        let parent = path.parent
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        let rc = path.withCString { mkdir($0, 0o777) }
        if rc != 0, errno != EEXIST { throw SystemError.current }
    }

    /// The real path of an existing path (symlinks and ".." resolved), or nil.
    static func realPath(_ path: PathBytes) -> PathBytes? {
        path.withCString { p in
            guard let resolved = realpath(p, nil) else { return nil }
            defer { free(resolved) }
            return PathBytes(cString: resolved)
        }
    }

    static func currentDirectory() -> PathBytes {
        guard let cwd = getcwd(nil, 0) else { return PathBytes(".") }
        defer { free(cwd) }
        return PathBytes(cString: cwd)
    }
}
