#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

/// The registry of temporary output files that exist right now.
///
/// Creating, renaming and removing happen under one lock, so the signal thread can remove every
/// live temporary at any moment and exit: no temporary ever exists unregistered, and none is
/// removed after it was renamed into place. Once `seal`ed (an interrupted batch abandons the
/// images in flight), nothing is created, renamed or made any more.
final class TemporaryFiles: @unchecked Sendable {
    private let lock = ConditionLock()
    private var live: [Int: PathBytes] = [:]
    private var counter = 0
    private var sealed = false
    private var unremoved: [String] = []
    private let pid = getpid()

    /// A new temporary beside `destination` (`.NAME.aspectfit-PID-N.tmp`, O_EXCL, mode 0666 & ~umask),
    /// its missing folders created first. A name that exists already (left by a SIGKILLed run whose
    /// PID was ours, as in a restarted container) is passed over, never opened. Nil once sealed.
    func create(beside destination: PathBytes) throws(SystemError) -> (id: Int, path: PathBytes, descriptor: Int32)? {
        lock.lock()
        defer { lock.unlock() }
        if sealed { return nil }
        try FileSystem.makeDirectories(destination.parent)
        let name = destination.lastComponent.bytes.prefix(180)
        while true {
            counter += 1
            let id = counter
            let tempName = PathBytes([PathBytes.dot] + name + Array(".aspectfit-\(pid)-\(id).tmp".utf8))
            let path = destination.parent.appending(tempName)
            let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if fd < 0 && errno == EEXIST { continue }
            guard fd >= 0 else { throw SystemError.current }
            live[id] = path
            return (id, path, fd)
        }
    }

    /// Why a rename did not happen.
    enum CommitError: Error {
        /// Something appeared at the destination (`replacing: false`); the temporary is kept.
        case destinationExists
        /// The rename failed; the temporary was removed, or `leftover` says why it could not be.
        case failed(SystemError, leftover: String?)
    }

    /// Renames the temporary onto `destination` and calls `committed` before anyone can seal; false
    /// (nothing renamed) once sealed. `replacing`: a file or symlink there is replaced (never written
    /// through); otherwise the rename fails if anything is there (`renameat2` RENAME_NOREPLACE, where
    /// the file system has it).
    func commit(_ id: Int, to destination: PathBytes, replacing: Bool, committed: () -> Void) throws(CommitError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !sealed, let path = live[id] else { return false }
        let rc = path.withCString { from in destination.withCString { to in Self.rename(from, to, replacing: replacing) } }
        if rc != 0 {
            let error = SystemError.current
            if error.code == EEXIST && !replacing { throw .destinationExists }
            live[id] = nil
            throw .failed(error, leftover: Self.remove(path))
        }
        live[id] = nil
        committed()
        return true
    }

    /// `rename`, or without replacing: `renameat2(RENAME_NOREPLACE)`, plain `rename` where the
    /// kernel or file system lacks it (the destination was checked just before).
    private static func rename(_ from: UnsafePointer<CChar>, _ to: UnsafePointer<CChar>, replacing: Bool) -> Int32 {
        #if os(Linux)
        if !replacing, let renameat2 = renameAt2 {
            let rc = renameat2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */)
            if rc == 0 || (errno != EINVAL && errno != ENOSYS) { return rc }
        }
        #endif
        return Glibc.rename(from, to)
    }

    /// Removes a temporary; when that fails (its folder made read-only meanwhile), empties it so it
    /// holds no space, and says what is left where.
    private static func remove(_ path: PathBytes) -> String? {
        guard path.withCString({ unlink($0) }) != 0, errno != ENOENT else { return nil }
        let error = SystemError.current
        let emptied = path.withCString { truncate($0, 0) } == 0
        return "its temporary \(path) could not be removed (\(error))\(emptied ? "; it was emptied" : "")"
    }

    /// Removes every live temporary and refuses any new one or any rename from now on: the
    /// images still in flight are abandoned, whatever point their workers have reached.
    func seal() {
        lock.withLock {
            sealed = true
            removeLive()
        }
    }

    /// Removes one temporary; what could not be removed is said (`remove`).
    @discardableResult
    func discard(_ id: Int) -> String? {
        lock.withLock {
            live.removeValue(forKey: id).flatMap(Self.remove)
        }
    }

    /// What `seal` and `removeAll` could not remove, one line each (for the end of the run).
    var leftovers: [String] { lock.withLock { unremoved } }

    private func removeLive() {
        for path in live.values { if let left = Self.remove(path) { unremoved.append(left) } }
        live.removeAll()
    }

    /// Removes every live temporary and ends the process at once (second Ctrl-C).
    /// Holds the lock until `_exit`, so no worker can create or rename one meanwhile.
    func removeAllAndExit(status: Int32) -> Never {
        lock.lock()
        for path in live.values { _ = path.withCString { unlink($0) } }
        _exit(status)
    }

    /// Removes every live temporary (normal shutdown after an interruption).
    func removeAll() {
        lock.withLock { removeLive() }
    }
}

#if os(Linux)
/// glibc's `renameat2`, which Swift's Glibc module does not declare (it needs _GNU_SOURCE).
private let renameAt2: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? =
    dlsym(nil, "renameat2").map {
        unsafeBitCast($0, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }
#endif
