/// Plain decimal numbers as people type and read them ("4", "1.91", ".5"), without Foundation.
///
/// Parsing is deliberately narrower than `Double(_:)`: no exponents, hex, `nan` or `inf`, so a
/// typo never turns into a strange but valid number.
enum DecimalText {
    /// The value of an optionally signed run of digits with at most one decimal point, or nil.
    static func parse<S: StringProtocol>(_ text: S) -> Double? {
        var digits = 0
        var points = 0
        for (index, c) in text.enumerated() {
            switch c {
            case "0" ... "9": digits += 1
            case ".": points += 1
            case "-" where index == 0, "+" where index == 0: continue
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(String(text))
    }

    /// `value` with at most `decimals` decimals and no trailing ".0": 4 -> "4", 4031.333 -> "4031.33".
    static func format(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0 ..< decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// `text` without leading and trailing spaces, tabs and newlines.
    static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[first ... last]
    }

    /// A name folded for lenient matching: lowercased, with '-', '_' and spaces dropped,
    /// so "four-to-three", "FourToThree" and "four_to_three" all read as one.
    static func foldedName<S: StringProtocol>(_ text: S) -> String {
        String(text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
