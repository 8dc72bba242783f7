/// Pixel counts as written on the command line: `268402689`, `1M`, `1.5M`, `268M`, `50K`.
///
/// The suffixes are decimal, as "megapixel" is: K = 10^3, M = 10^6, G = 10^9 pixels (unlike the
/// binary K, M, G of byte sizes in `ByteCount`); with a suffix the number may have a fraction, as
/// long as the count comes out whole (1.5M, not 1.0000005M).
enum PixelCount {
    /// Parses a positive count with an optional K, M or G suffix (any case); nil if invalid.
    static func parse(_ text: String) -> Int? {
        var number = Substring(text)
        var unit = 1
        if let last = number.last, let scale = ["k": 1_000, "m": 1_000_000, "g": 1_000_000_000][last.lowercased()] {
            unit = scale
            number = number.dropLast()
        }
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, parts.count == 1 || (unit > 1 && !fraction.isEmpty),
              (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(whole) else { return nil }
        var fractionUnits = 0
        var place = unit
        for digit in fraction {
            place /= 10
            guard place > 0 else { if digit != "0" { return nil }; continue }
            fractionUnits += Int(String(digit))! * place
        }
        let (product, overflow) = n.multipliedReportingOverflow(by: unit)
        guard !overflow, product + fractionUnits > 0 else { return nil }
        return product.addingReportingOverflow(fractionUnits).overflow ? nil : product + fractionUnits
    }
}
