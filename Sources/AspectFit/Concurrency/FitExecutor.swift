#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed set of threads that run fits for async callers, outside Swift's cooperative thread
/// pool: a fit is seconds of CPU work that must not occupy the threads every `await` in the
/// process depends on. Each thread keeps its own `PipelineWorkspace` (coefficient tables and
/// buffers), so repeated geometries reuse them.
///
/// Jobs run in the order they were submitted; at most `threadCount` at once, the rest wait
/// (bounded memory: a burst of 1,000 uploads holds `threadCount` decoders, not 1,000).
public final class FitExecutor: Sendable {
    /// One thread per processor; what `Pipeline.run(_:on:)` uses by default.
    public static let shared = FitExecutor(threadCount: FitExecutor.processorCount)

    /// How many fits run at once.
    public let threadCount: Int
    private let queue: JobQueue

    /// Starts `threadCount` threads (at least 1). They live until the executor is released and
    /// its queue has drained.
    public init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
        queue = JobQueue()
        for _ in 0 ..< self.threadCount { queue.startWorker() }
    }

    deinit { queue.close() }

    /// Queues `job` to run on one of the threads with that thread's workspace.
    func submit(_ job: @escaping @Sendable (PipelineWorkspace) -> Void) {
        queue.push(job)
    }

    /// Jobs submitted and not yet started.
    var waitingJobs: Int { queue.waitingCount }

    /// The processors online, at least 1.
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// The executor's FIFO of jobs behind one `ConditionLock`, shared by its threads.
private final class JobQueue: @unchecked Sendable {
    typealias Job = @Sendable (PipelineWorkspace) -> Void

    private let lock = ConditionLock()
    // Guarded by `lock`:
    private var jobs: [Job] = []
    private var head = 0
    private var isClosed = false

    func push(_ job: @escaping Job) {
        lock.withLock {
            jobs.append(job)
            lock.broadcast()
        }
    }

    /// Jobs pushed and not yet popped.
    var waitingCount: Int { lock.withLock { jobs.count - head } }

    /// Lets the workers finish what is queued and exit.
    func close() {
        lock.withLock {
            isClosed = true
            lock.broadcast()
        }
    }

    /// The next job, or nil once the queue is closed and empty.
    private func pop() -> Job? {
        lock.withLock {
            while head == jobs.count && !isClosed { lock.wait() }
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            return job
        }
    }

    /// A detached thread that runs jobs with its own workspace until the queue closes; it holds
    /// the queue, so the queue outlives the executor until the last worker exits.
    func startWorker() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let queue = Unmanaged<JobQueue>.fromOpaque(context!).takeRetainedValue()
            let workspace = PipelineWorkspace()
            while let job = queue.pop() { job(workspace) }
            return nil
        }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<JobQueue>.fromOpaque(context).release()
        }
    }
}
