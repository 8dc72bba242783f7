#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic wall-clock timing.
enum Stopwatch {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// The median of `runs` timings of `body`, in seconds.
    static func median(runs: Int, _ body: () -> Void) -> Double {
        var times = [Double]()
        for _ in 0 ..< runs {
            let start = now()
            body()
            times.append(now() - start)
        }
        times.sort()
        return times[times.count / 2]
    }
}
