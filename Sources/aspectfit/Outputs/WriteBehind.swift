#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

/// A worker's write thread: runs the worker's output writes (write, fdatasync, rename, report) one
/// image behind, so the worker decodes the next image while the disk syncs the last one.
///
/// At most one write waits while one runs: `submit` blocks until the previous write is done, so
/// memory grows by one encoded output per worker. The writes stage their outputs in `group`, which
/// the thread flushes when it is full, when its deadline passes while the thread waits, and when the
/// worker runs out of inputs (`finish`). Each output keeps its own guarantees (synced before it is
/// renamed); only the waiting for the disk overlaps with the next image's work and is shared.
final class WriteBehind: @unchecked Sendable {
    let group: SyncGroup
    private let lock = ConditionLock()
    private var pending: (() -> Void)?
    private var ending = false
    private var thread: pthread_t?
    private var started = false

    init(group: SyncGroup) {
        self.group = group
    }

    /// Runs `work` on the write thread once the write before it has finished (inline if no thread
    /// can be started).
    func submit(_ work: @escaping () -> Void) {
        if !started { start() }
        guard thread != nil else {
            work()
            return group.flush()
        }
        lock.withLock {
            while pending != nil { lock.wait() }
            pending = work
            lock.broadcast()
        }
    }

    /// Waits for every submitted write and flushes the group, then ends the thread.
    func finish() {
        guard let thread else { return }
        lock.withLock {
            ending = true
            lock.broadcast()
        }
        pthread_join(thread, nil)
        self.thread = nil
    }

    private func start() {
        started = true
        var handle = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&handle, nil, { raw in
            Unmanaged<WriteBehind>.fromOpaque(raw!).takeRetainedValue().loop()
            return nil
        }, box)
        if rc == 0 { thread = handle } else { Unmanaged<WriteBehind>.fromOpaque(box).release() }
    }

    private func loop() {
        while true {
            let (work, ended): ((() -> Void)?, Bool) = lock.withLock {
                while pending == nil && !ending {
                    guard let deadline = group.deadline else { lock.wait(); continue }
                    let left = deadline - .now
                    if left <= .zero { break }
                    lock.wait(milliseconds: Int(left.milliseconds.rounded(.up)))
                }
                return (pending, ending)
            }
            if work == nil || group.deadline.map({ $0 <= .now }) == true { group.flush() }
            guard let work else {
                if ended { return }
                continue
            }
            work()
            lock.withLock {
                pending = nil
                lock.broadcast()
            }
        }
    }
}
