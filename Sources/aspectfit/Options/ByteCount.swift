/// Byte sizes as written on the command line (`1G`, `512M`, `4096`) and shown in messages.
enum ByteCount {
    /// Parses a count with an optional binary suffix K, M or G (case-insensitive); nil if invalid.
    static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1
        if let last = digits.last, let power = ["k": 1, "m": 2, "g": 3][last.lowercased()] {
            unit = 1 << (10 * power)
            digits = digits.dropLast()
        }
        guard let n = Int(digits), n > 0 else { return nil }
        let (product, overflow) = n.multipliedReportingOverflow(by: unit)
        return overflow ? nil : product
    }

    /// "1 GiB", "512 MiB", "3 KiB", or plain bytes when not a whole multiple.
    static func text(_ n: Int) -> String {
        for (shift, name) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where n >= 1 << shift && n % (1 << shift) == 0 {
            return "\(n >> shift) \(name)"
        }
        return "\(n) bytes"
    }
}
