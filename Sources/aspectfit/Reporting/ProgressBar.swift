#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one-line progress display on a terminal's standard error: count, bar, rate and ETA.
/// Redrawn at most ten times a second; `clear()` erases it before other messages are printed.
/// It fits the terminal's width (read at every redraw, so a resized pane is followed): the bar
/// shrinks first, then the ETA and the rate go; it never wraps, which would leave debris.
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
        let eta = rate > 0 && done < total ? " ETA \(Self.clock(Double(total - done) / rate))" : ""
        StandardStreams.writeError("\r\u{1B}[K" + Self.line(done: done, total: total, rate: "\(Self.format(rate))/s", eta: eta,
                                                          columns: Self.terminalColumns()))
        visible = true
    }

    /// The text drawn, at most `columns - 1` characters (the last column would wrap on some terminals).
    static func line(done: Int, total: Int, rate: String, eta: String, columns: Int) -> String {
        let room = max(columns - 1, 1)
        let count = "\(done)/\(total)"
        for tail in [" \(rate)\(eta)", " \(rate)", ""] {
            let width = min(30, room - count.count - tail.count - 3)
            if width >= 5 {
                let filled = total > 0 ? width * done / total : width
                let bar = String(repeating: "=", count: filled) + (filled < width ? ">" + String(repeating: " ", count: width - filled - 1) : "")
                return "\(count) [\(bar)]\(tail)"
            }
        }
        let bare = "\(count) \(rate)"
        return String((bare.count <= room ? bare : count).prefix(room))
    }

    /// Standard error's terminal width; 80 when it is not a terminal (`--progress` into a file).
    static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
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
