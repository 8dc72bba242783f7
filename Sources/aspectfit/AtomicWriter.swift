#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes an output so that it appears complete or not at all: a temporary in the destination
/// folder, written, fsync'd, then renamed over the destination.
struct AtomicWriter: Sendable {
    let temporaries: TemporaryFiles

    /// Writes `bytes` to `destination`, creating missing directories; false when the batch was
    /// interrupted first (nothing renamed into place: `TemporaryFiles.seal`). `committed` runs once
    /// the file is in place, before an interruption can be sealed. Directories between `folder` and
    /// the destination must not be symlinks: one planted in an output tree could send the write anywhere.
    func write(_ bytes: [UInt8], to destination: PathBytes, below folder: PathBytes?, committed: () -> Void) throws(WriteError) -> Bool {
        if let folder { try Self.refuseSymlinkedDirectories(from: folder, to: destination.parent) }
        do throws(SystemError) {
            guard let temp = try temporaries.create(beside: destination) else { return false }
            do throws(SystemError) {
                try Self.writeAll(bytes, to: temp.descriptor)
                if Self.sync(temp.descriptor) != 0 { throw SystemError.current }
            } catch {
                close(temp.descriptor)
                temporaries.discard(temp.id)
                throw error
            }
            close(temp.descriptor)
            return try temporaries.commit(temp.id, to: destination, committed: committed)
        } catch {
            throw .system(error)
        }
    }

    /// Checks (lstat) each existing directory below `folder` on the way to `directory`.
    static func refuseSymlinkedDirectories(from folder: PathBytes, to directory: PathBytes) throws(WriteError) {
        let base = folder.components
        let all = directory.components
        guard all.count > base.count, folder.isAbsolute == directory.isAbsolute, Array(all.prefix(base.count)) == base else { return }
        var current = folder
        for component in all[base.count...] {
            current = current.appending(component)
            guard let status = try? FileSystem.status(current, followingSymlinks: false) else { return }   // the rest is created
            if status.kind == .symlink { throw .symlinkedDirectory(current) }
        }
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
