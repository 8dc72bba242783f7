#if canImport(Glibc)
import Glibc
#endif

/// Milliseconds between laps on the monotonic clock, for the per-step timings of a `FitResult`.
struct Stopwatch {
    private var last = Stopwatch.now()
    private(set) var laps: [(step: String, milliseconds: Double)] = []

    /// Records the time since the previous lap (or the start) under `step`.
    mutating func lap(_ step: String) {
        let now = Stopwatch.now()
        laps.append((step, now - last))
        last = now
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }
}
