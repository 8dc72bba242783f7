#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an output so that it appears complete or not at all: a temporary in the destination
/// folder, written, fsync'd, then renamed over the destination.
struct AtomicWriter: Sendable {
    let temporaries: TemporaryFiles

    /// Writes `bytes` to `destination`, creating missing directories; `abandon` is checked before the
    /// rename so an interrupted batch leaves nothing half-done.
    func write(_ bytes: [UInt8], to destination: PathBytes, abandon: () -> Bool) throws(SystemError) -> Bool {
        try FileSystem.makeDirectories(destination.parent)
        let temp = try temporaries.create(beside: destination)
        do throws(SystemError) {
            try Self.writeAll(bytes, to: temp.descriptor)
            if Self.sync(temp.descriptor) != 0 { throw SystemError.current }
        } catch {
            close(temp.descriptor)
            temporaries.discard(temp.id)
            throw error
        }
        close(temp.descriptor)
        if abandon() {
            temporaries.discard(temp.id)
            return false
        }
        try temporaries.commit(temp.id, to: destination)
        return true
    }

    /// Flushes the file's data and size to disk: all a rename needs (fdatasync skips timestamps).
    static func sync(_ fd: Int32) -> Int32 {
        #if os(Linux)
        fdatasync(fd)
        #else
        fsync(fd)
        #endif
    }

    /// Writes every byte to a descriptor, retrying short writes and EINTR.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError.current
            }
            offset += n
        }
    }
}
