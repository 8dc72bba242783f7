/// The outputs a write thread has staged and not yet synced and renamed: flushed together, so one
/// disk commit covers the group (the first fdatasync carries the others' writeback) rather than one
/// commit per file.
///
/// Each member keeps its own guarantee (its data synced before its rename) and its own result: a
/// failing sync or rename fails only that output. Used by one thread at a time (its write thread).
final class SyncGroup {
    private let writer: AtomicWriter
    private let maximumFiles: Int
    private let maximumBytes: Int
    private let maximumAge: Duration
    private var members: [(staged: StagedOutput, committed: () -> Void, done: (Result<Bool, WriteError>) -> Void)] = []
    private var bytes = 0
    /// When the oldest member must be flushed at the latest; nil when the group is empty.
    private(set) var deadline: ContinuousClock.Instant?

    /// A group of at most `files` outputs, `maximumBytes` bytes, or `maximumAge` since its first member.
    init(writer: AtomicWriter, files: Int, maximumBytes: Int = 8 << 20, maximumAge: Duration = .milliseconds(50)) {
        self.writer = writer
        maximumFiles = max(1, files)
        self.maximumBytes = maximumBytes
        self.maximumAge = maximumAge
    }

    /// Adds a staged output; `committed` runs once it is renamed into place (under the temporaries'
    /// lock), `done` with its result when the group is flushed (false: the batch was interrupted first).
    func add(_ staged: StagedOutput, committed: @escaping () -> Void, done: @escaping (Result<Bool, WriteError>) -> Void) {
        if members.isEmpty { deadline = .now + maximumAge }
        members.append((staged, committed, done))
        bytes += staged.byteCount
        if members.count >= maximumFiles || bytes >= maximumBytes { flush() }
    }

    /// Syncs every member, then renames each that synced, reporting each result.
    func flush() {
        let flushing = members
        members = []
        bytes = 0
        deadline = nil
        // The first fdatasync commits the group's writeback; the others find their data on disk.
        let synced = flushing.map { member in Result { () throws(WriteError) in try writer.settle(member.staged) } }
        for (member, synced) in zip(flushing, synced) {
            member.done(synced.flatMap { Result { () throws(WriteError) in try writer.commit(member.staged, committed: member.committed) } })
        }
    }
}
