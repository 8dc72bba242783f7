/// Word-wraps manual text for a terminal: lines of at most `width` columns, all at `indent`.
///
/// A newline in the text starts a new line; spaces leading a line indent it and its continuation
/// lines by that much more (for lists inside a paragraph).
struct TextWrapper {
    var width = 80
    var indent: Int

    /// The wrapped lines, each already indented. `firstLinePrefix` replaces the indent of the very
    /// first line (an option's name column); when it is wider than the indent, the text starts on
    /// the next line.
    func lines(_ text: String, firstLinePrefix: String? = nil) -> [String] {
        var out: [String] = []
        var pending = firstLinePrefix
        if let prefix = pending, prefix.count > indent - 2 {
            out.append(prefix)
            pending = nil
        }
        for hardLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let extra = hardLine.prefix { $0 == " " }.count
            let lead = String(repeating: " ", count: indent + extra)
            var current = ""
            func flush() {
                let start = pending.map { $0 + String(repeating: " ", count: max(0, indent + extra - $0.count)) } ?? lead
                out.append(start + current)
                pending = nil
                current = ""
            }
            for word in hardLine.split(separator: " ") {
                if !current.isEmpty && indent + extra + current.count + 1 + word.count > width { flush() }
                current += (current.isEmpty ? "" : " ") + word
            }
            flush()
        }
        return out
    }
}
