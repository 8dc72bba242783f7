/// The one-line progress display on a terminal's standard error: count, bar, rate and ETA.
/// Redrawn at most ten times a second; `clear()` erases it before other messages are printed.
struct ProgressBar {
    let total: Int
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private(set) var visible = false

    init(total: Int) { self.total = total }

    mutating func update(done: Int) {
        let now = ContinuousClock.now
        if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
        lastDraw = now
        let elapsed = (now - start).milliseconds / 1000
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "=", count: filled) + (filled < width ? ">" + String(repeating: " ", count: width - filled - 1) : "")
        var line = "\r\u{1B}[K\(done)/\(total) [\(bar)] \(Self.format(rate))/s"
        if rate > 0, done < total { line += " ETA \(Self.clock(Double(total - done) / rate))" }
        StandardStreams.writeError(line)
        visible = true
    }

    mutating func clear() {
        if visible { StandardStreams.writeError("\r\u{1B}[K") }
        visible = false
    }

    static func format(_ rate: Double) -> String {
        rate >= 100 ? String(Int(rate.rounded())) : String((rate * 10).rounded() / 10)
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let (h, m, r) = (s / 3600, s / 60 % 60, s % 60)
        let mm = m < 10 ? "0\(m)" : "\(m)", ss = r < 10 ? "0\(r)" : "\(r)"
        return h > 0 ? "\(h):\(mm):\(ss)" : "\(m):\(ss)"
    }
}
