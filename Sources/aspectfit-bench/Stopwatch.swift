/// Wall-clock timing on `ContinuousClock`.
enum Stopwatch {
    /// The median of `runs` timings of `body`, in seconds.
    static func median(runs: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var times = [Double]()
        for _ in 0 ..< runs {
            let elapsed = clock.measure(body).components
            times.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
        }
        times.sort()
        return times[times.count / 2]
    }
}
