import Synchronization

/// Set once when the task waiting for a fit is cancelled; the worker running the fit reads it
/// between decoded rows and stops with `FitError.cancelled`.
final class CancellationFlag: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Whether `cancel()` has been called.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Asks the fit to stop at its next check.
    func cancel() { cancelled.store(true, ordering: .relaxed) }
}
