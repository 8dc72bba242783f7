#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes outputs so that each appears complete or not at all: a temporary in the destination
/// folder, written (`stage`), made durable (`settle`: fdatasync unless `durable` is off), then
/// renamed over the destination (`commit`). Between the steps a caller may stage more outputs, so
/// one disk commit covers a group of them (`SyncGroup`).
struct AtomicWriter: Sendable {
    let temporaries: TemporaryFiles
    /// Each output's data reaches the disk before its rename (`--no-sync` turns it off).
    let durable: Bool
    /// What may be replaced at a destination, checked again just before each rename.
    let replacement: ReplacementRule

    /// Writes `bytes` to a new temporary beside `destination` (missing directories created) and, when
    /// durable, starts its writeback; nil when the batch was interrupted first (`TemporaryFiles.seal`).
    /// Directories between `folder` and the destination must not be symlinks: one planted in an
    /// output tree could send the write anywhere.
    func stage(_ bytes: [UInt8], to destination: PathBytes, below folder: PathBytes?) throws(WriteError) -> StagedOutput? {
        if let folder { try Self.refuseSymlinkedDirectories(from: folder, to: destination.parent) }
        let created: (id: Int, path: PathBytes, descriptor: Int32)?
        do throws(SystemError) { created = try temporaries.create(beside: destination) } catch { throw .system(error, leftover: nil) }
        guard let temp = created else { return nil }
        do throws(SystemError) {
            try Self.writeAll(bytes, to: temp.descriptor)
        } catch {
            close(temp.descriptor)
            throw .system(error, leftover: temporaries.discard(temp.id))
        }
        if durable { Self.startWriteback(temp.descriptor) }
        return StagedOutput(id: temp.id, descriptor: temp.descriptor, destination: destination, byteCount: bytes.count)
    }

    /// Flushes a staged output's data (when durable) and closes it; on failure its temporary is removed.
    func settle(_ staged: StagedOutput) throws(WriteError) {
        if durable && Self.sync(staged.descriptor) != 0 {
            let error = SystemError.current
            close(staged.descriptor)
            throw .system(error, leftover: temporaries.discard(staged.id))
        }
        close(staged.descriptor)
    }

    /// Renames a settled output into place, if what is at the destination now may be replaced;
    /// false when the batch was interrupted first. `committed` runs once the file is in place,
    /// before an interruption can be sealed.
    func commit(_ staged: StagedOutput, committed: () -> Void) throws(WriteError) -> Bool {
        var verdict = replacement.verdict(for: staged.destination)
        while true {
            if case .refused(let reason) = verdict {
                temporaries.discard(staged.id)
                throw .refused(reason)
            }
            do throws(TemporaryFiles.CommitError) {
                return try temporaries.commit(staged.id, to: staged.destination, replacing: verdict == .replaceable,
                                              committed: committed)
            } catch {
                switch error {
                case .destinationExists:   // appeared since the check: judge what is there now
                    verdict = replacement.verdict(for: staged.destination)
                    if verdict == .absent { verdict = .replaceable }   // gone again: nothing to protect
                case .failed(let error, let leftover):
                    throw .system(error, leftover: leftover)
                }
            }
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

    /// Starts writing the file's dirty pages without waiting (Linux `sync_file_range`, as dpkg does),
    /// so the group's later fdatasyncs find their data on its way and share one journal commit.
    static func startWriteback(_ fd: Int32) {
        #if os(Linux)
        _ = syncFileRange?(fd, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */)
        #endif
    }

    /// Writes every byte to a descriptor, retrying short writes and EINTR. With `progress`, writes
    /// at most `PIPE_BUF` bytes at a time (each all or nothing on a pipe) and reports the bytes
    /// written so far after each, so a reader's share is known exactly when a write blocks.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, progress: ((Int) -> Void)? = nil) throws(SystemError) {
        let step = progress == nil ? Int.max : Int(PIPE_BUF)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, min(bytes.count - offset, step)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SystemError.current
            }
            offset += n
            progress?(offset)
        }
    }
}

/// An output written to its temporary, still open, not yet synced or renamed.
struct StagedOutput: Sendable {
    let id: Int
    let descriptor: Int32
    let destination: PathBytes
    let byteCount: Int
}

#if os(Linux)
/// glibc's `sync_file_range`, which Swift's Glibc module does not declare (it needs _GNU_SOURCE).
private let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? =
    dlsym(nil, "sync_file_range").map { unsafeBitCast($0, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self) }
#endif
