#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two pieces of one image's work at once: `side` on a thread started for it, `main` on the
/// caller's, for an image that may use a core its run leaves idle (`PipelineWorkspace.threadsPerImage`).
/// Returns when both are done. Where no thread can be started, `side` runs after `main` on the
/// caller's thread: the result is the same either way.
func alongside<Side, Main>(_ side: @escaping @Sendable () -> Side, _ main: () -> Main) -> (side: Side, main: Main) {
    let job = SideJob(side)
    let context = Unmanaged<SideWork>.passRetained(job).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(&thread, nil, { context in
        Unmanaged<SideWork>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context) == 0
    if !started { Unmanaged<SideWork>.fromOpaque(context).release() }
    let mainResult = main()
    if started {
        pthread_join(thread, nil)
    } else {
        job.run()
    }
    return (job.result!, mainResult)
}

/// What the side thread runs, whatever its result's type (a C thread's entry cannot be generic).
private class SideWork: @unchecked Sendable {
    func run() {}
}

/// The side's work and, once it ran, its result: written by the side thread before it ends and
/// read by the caller after `pthread_join`, which orders the two.
private final class SideJob<Result>: SideWork, @unchecked Sendable {
    private let work: @Sendable () -> Result
    private(set) var result: Result?

    init(_ work: @escaping @Sendable () -> Result) { self.work = work }

    override func run() { result = work() }
}
