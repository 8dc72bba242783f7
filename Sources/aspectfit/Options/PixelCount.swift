/// Pixel counts as written on the command line: `268402689`, `1M`, `268M`, `50K`.
///
/// The suffixes are decimal, as "megapixel" is: K = 10^3, M = 10^6, G = 10^9 pixels (unlike the
/// binary K, M, G of byte sizes in `ByteCount`).
enum PixelCount {
    /// Parses a positive count with an optional K, M or G suffix (any case); nil if invalid.
    static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1
        if let last = digits.last, let scale = ["k": 1_000, "m": 1_000_000, "g": 1_000_000_000][last.lowercased()] {
            unit = scale
            digits = digits.dropLast()
        }
        guard digits.allSatisfy(\.isASCII), let n = Int(digits), n > 0 else { return nil }
        let (product, overflow) = n.multipliedReportingOverflow(by: unit)
        return overflow ? nil : product
    }
}
