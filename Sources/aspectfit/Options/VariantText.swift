/// One `--variant`'s options as given: split into words the way a shell would, and where they
/// came from (for messages: `--variant '...'` or `FILE:LINE`).
struct VariantText: Sendable, Equatable {
    var words: [[UInt8]]
    var origin: String

    /// Splits `text` into words: blanks separate them; '...' keeps everything literally, "..."
    /// everything but a backslash before " or \; outside quotes a backslash escapes the next byte.
    static func split(_ text: [UInt8]) throws(UsageError) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var word: [UInt8] = []
        var inWord = false
        var quote: UInt8?
        var i = 0
        while i < text.count {
            let c = text[i]
            i += 1
            if let q = quote {
                if c == q {
                    quote = nil
                } else if q == UInt8(ascii: "\""), c == UInt8(ascii: "\\"), i < text.count,
                          text[i] == UInt8(ascii: "\"") || text[i] == UInt8(ascii: "\\") {
                    word.append(text[i])
                    i += 1
                } else {
                    word.append(c)
                }
                continue
            }
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if inWord { words.append(word); word = []; inWord = false }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                quote = c
                inWord = true
            case UInt8(ascii: "\\"):
                guard i < text.count else { throw UsageError("a backslash ends the text") }
                word.append(text[i])
                i += 1
                inWord = true
            default:
                word.append(c)
                inWord = true
            }
        }
        if quote != nil { throw UsageError("unclosed quote") }
        if inWord { words.append(word) }
        return words
    }

    /// The variants of a `--variants-from` file: one per line that is neither blank nor a
    /// `#` comment, each named `FILE:LINE` so a mistake points at its line.
    static func lines(of data: [UInt8], file: PathBytes) throws(UsageError) -> [VariantText] {
        var variants: [VariantText] = []
        for (number, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let origin = "--variants-from \(file):\(number + 1)"
            let words: [[UInt8]]
            do { words = try split(Array(line)) } catch { throw UsageError("\(origin): \(error)") }
            if words.isEmpty || words[0].first == UInt8(ascii: "#") { continue }
            variants.append(VariantText(words: words, origin: origin))
        }
        return variants
    }
}
