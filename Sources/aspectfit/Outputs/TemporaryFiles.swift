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

    /// Renames the temporary onto `destination` (replacing a file or symlink there, never writing
    /// through it) and calls `committed` before anyone can seal; false (nothing renamed) once sealed.
    func commit(_ id: Int, to destination: PathBytes, committed: () -> Void) throws(SystemError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !sealed, let path = live.removeValue(forKey: id) else { return false }
        let rc = path.withCString { from in destination.withCString { to in rename(from, to) } }
        if rc != 0 {
            let error = SystemError.current
            _ = path.withCString { unlink($0) }
            throw error
        }
        committed()
        return true
    }

    /// Removes every live temporary and refuses any new one or any rename from now on: the
    /// images still in flight are abandoned, whatever point their workers have reached.
    func seal() {
        lock.withLock {
            sealed = true
            for path in live.values { _ = path.withCString { unlink($0) } }
            live.removeAll()
        }
    }

    func discard(_ id: Int) {
        lock.withLock {
            if let path = live.removeValue(forKey: id) { _ = path.withCString { unlink($0) } }
        }
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
        lock.withLock {
            for path in live.values { _ = path.withCString { unlink($0) } }
            live.removeAll()
        }
    }
}
