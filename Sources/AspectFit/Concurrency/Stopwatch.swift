/// Milliseconds between laps on `ContinuousClock`, for the per-step timings of a `FitResult`.
struct Stopwatch {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private(set) var laps: [(step: String, milliseconds: Double)] = []

    init() { last = clock.now }

    /// Records the time since the previous lap (or the start) under `step`.
    mutating func lap(_ step: String) {
        let now = clock.now
        let elapsed = (now - last).components
        laps.append((step, Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15))
        last = now
    }

    /// Starts the next lap now, leaving the time since the last lap unrecorded (another output's steps).
    mutating func restart() { last = clock.now }
}
