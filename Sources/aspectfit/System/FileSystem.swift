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
struct SystemError: Error, Equatable, CustomStringConvertible {
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

    /// Opens a regular file for reading. O_NONBLOCK: a FIFO (or a file swapped for one after the
    /// listing) must not block the open; anything but a regular file is refused before reading.
    /// `following: false` refuses a symlink at the path (O_NOFOLLOW); `expecting` refuses a file
    /// other than the one listed (another device and inode: swapped since).
    static func openRegularFile(_ path: PathBytes, following: Bool = true,
                                expecting identity: FileIdentity? = nil) throws(FileReadError) -> (descriptor: Int32, size: Int) {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (following ? 0 : O_NOFOLLOW)) }
        guard fd >= 0 else { throw !following && errno == ELOOP ? .becameSymlink : .system(SystemError.current) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = SystemError.current
            close(fd)
            throw .system(error)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegularFile
        }
        if let identity, identity != FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)) {
            close(fd)
            throw .replaced
        }
        return (fd, Int(st.st_size))
    }

    /// The first `count` bytes of a regular file (fewer if it is shorter).
    static func readPrefix(_ path: PathBytes, count: Int) throws(FileReadError) -> [UInt8] {
        let (fd, _) = try openRegularFile(path)
        defer { close(fd) }
        return try read(descriptor: fd, sizeHint: count, limit: count, truncate: true)
    }

    /// Up to `count` bytes at `offset` of an open file (fewer at its end); nil when the read fails.
    static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// The whole content of a regular file, refused when it has more than `limit` bytes (see
    /// `openRegularFile` for `following` and `expecting`).
    static func readAll(_ path: PathBytes, limit: Int, following: Bool = true,
                        expecting identity: FileIdentity? = nil) throws(FileReadError) -> [UInt8] {
        let (fd, size) = try openRegularFile(path, following: following, expecting: identity)
        defer { close(fd) }
        if size > limit { throw .tooLarge(limit: limit) }
        return try read(descriptor: fd, sizeHint: size, limit: limit, truncate: false)
    }

    /// Everything a named file, pipe or FIFO gives (`--files-from <(find ...)` is a pipe), up to `limit`.
    static func readStream(_ path: PathBytes, limit: Int) throws(FileReadError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { throw .system(SystemError.current) }
        defer { close(fd) }
        return try readAll(descriptor: fd, limit: limit)
    }

    /// Everything an open descriptor (such as standard input, maybe a pipe) gives until EOF,
    /// refused when it has more than `limit` bytes (`/dev/zero` would otherwise fill memory).
    static func readAll(descriptor fd: Int32, limit: Int) throws(FileReadError) -> [UInt8] {
        var st = stat()
        let size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : 0
        if size > limit { throw .tooLarge(limit: limit) }
        return try read(descriptor: fd, sizeHint: size, limit: limit, truncate: false)
    }

    /// Reads until EOF or `limit` bytes: past the limit, `truncate` stops there, otherwise it is an error.
    /// EAGAIN (a non-blocking descriptor with nothing yet) waits in poll. The bytes are read into
    /// uninitialized storage (only what was read counts as the array's contents): no zeroing first.
    private static func read(descriptor fd: Int32, sizeHint: Int, limit: Int, truncate: Bool) throws(FileReadError) -> [UInt8] {
        // +1: the final read sees EOF (or the byte past the limit) without growing. A prefix reads
        // only its own bytes; a stream of unknown size starts at 64 KiB.
        var capacity = min(sizeHint > 0 ? sizeHint + 1 : 64 * 1024, limit + 1)
        var buffer = [UInt8]()
        var filled = 0
        while true {
            if filled == capacity {
                if filled > limit { break }
                capacity = min(2 * capacity, limit + 1)
            }
            if buffer.count < capacity { buffer = try grown(buffer, filled: filled, to: capacity) }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, capacity - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                throw .system(SystemError.current)
            }
            if n == 0 { break }
            filled += n
        }
        if filled > limit {
            if !truncate { throw .tooLarge(limit: limit) }
            filled = limit
        }
        buffer.removeSubrange(filled...)
        return buffer
    }

    /// `buffer`'s first `filled` bytes in an array of `count` bytes whose rest is left for `read` to
    /// fill: zeroing a multi-megabyte photo's buffer first would cost a pass over it.
    private static func grown(_ buffer: [UInt8], filled: Int, to count: Int) throws(FileReadError) -> [UInt8] {
        guard let trial = malloc(count) else { throw .outOfMemory(bytes: count) }   // an address-space limit
        free(trial)
        return [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
            if filled > 0 {
                buffer.withUnsafeBufferPointer { storage.baseAddress!.update(from: $0.baseAddress!, count: filled) }
            }
            initialized = count
        }
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
