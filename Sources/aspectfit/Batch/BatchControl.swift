import AspectFit
import Synchronization

/// The batch's stop request, shared by workers, the reporter and the signal thread.
///
/// A stop carries the exit status it asks for: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP), 141
/// (standard output closed), 1 (the report could not be written). The lock is the one the work
/// queue waits on, so a stop wakes waiting workers.
final class BatchControl: Sendable {
    let lock = ConditionLock()
    private let stopStatus = Atomic<Int32>(0)
    private let running = Atomic<Bool>(false)
    private let partialOutput = Atomic<Int>(0)

    /// The bytes of an image already on standard output while its write is under way (0 otherwise):
    /// what an interruption leaves there.
    var partialStandardOutput: Int { partialOutput.load(ordering: .acquiring) }

    func setPartialStandardOutput(_ bytes: Int) { partialOutput.store(bytes, ordering: .releasing) }

    /// The exit status of the stop request, or nil when nobody asked to stop.
    var stopRequested: Int32? {
        let s = stopStatus.load(ordering: .acquiring)
        return s == 0 ? nil : s
    }

    /// Asks the batch to stop; returns false when a stop was already requested.
    @discardableResult
    func requestStop(status: Int32) -> Bool {
        let first = stopStatus.compareExchange(expected: 0, desired: status, ordering: .acquiringAndReleasing).exchanged
        lock.broadcast()   // without the lock: callers may hold it; a missed wake-up is repaired by the next completion
        return first
    }

    /// Whether workers are running (before that, a signal simply ends the process).
    var isRunning: Bool {
        get { running.load(ordering: .acquiring) }
    }

    func setRunning(_ value: Bool) { running.store(value, ordering: .releasing) }
}
