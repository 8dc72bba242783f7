/// Messages for a terminal or a log: control characters that come from file names (a newline,
/// an escape sequence that would retitle or rewrite the terminal) are shown escaped, so a crafted
/// name cannot forge output and one message stays one line.
enum MessageText {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out += scalar.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 controls, DEL and C1 controls (U+0080-U+009F: some terminals act on them too).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
