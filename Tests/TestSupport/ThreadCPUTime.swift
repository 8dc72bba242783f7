#if canImport(Glibc)
import Glibc
#endif

/// CPU time spent by the calling thread: what a bound on work can assert without flaking on a
/// busy machine (wall-clock time depends on everything else running).
public enum ThreadCPUTime {
    /// Runs `body` on this thread and returns its value with the CPU time it took.
    public static func measure<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, Duration) {
        let start = now()
        let value = try body()
        return (value, now() - start)
    }

    public static func now() -> Duration {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return .seconds(Int64(ts.tv_sec)) + .nanoseconds(Int64(ts.tv_nsec))
    }
}
