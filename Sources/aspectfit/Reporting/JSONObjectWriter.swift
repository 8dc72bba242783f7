/// Builds one JSON object as text, field by field, with correct string escaping (quotes, backslash,
/// control characters); invalid UTF-8 in paths becomes U+FFFD so every line stays valid JSON.
struct JSONObjectWriter {
    private(set) var text = "{"
    private var first = true

    private mutating func key(_ name: String) {
        if !first { text += "," }
        first = false
        text += "\"\(name)\":"
    }

    mutating func add(_ name: String, _ value: String?) {
        key(name)
        if let value { Self.appendString(value, to: &text) } else { text += "null" }
    }

    mutating func add(_ name: String, _ value: PathBytes?) { add(name, value.map(\.description)) }

    mutating func add(_ name: String, _ value: Int?) {
        key(name)
        text += value.map(String.init) ?? "null"
    }

    mutating func add(_ name: String, _ value: Double?) {
        key(name)
        text += value.map(Self.number) ?? "null"
    }

    mutating func add(_ name: String, _ value: Bool?) {
        key(name)
        text += value.map { $0 ? "true" : "false" } ?? "null"
    }

    mutating func add(_ name: String, strings: [String]) {
        key(name)
        text += "["
        for (i, s) in strings.enumerated() {
            if i > 0 { text += "," }
            Self.appendString(s, to: &text)
        }
        text += "]"
    }

    /// A nested object, written by `body`.
    mutating func add(_ name: String, object body: (inout JSONObjectWriter) -> Void) {
        key(name)
        var nested = JSONObjectWriter()
        body(&nested)
        text += nested.finished
    }

    /// An array of objects, one per element, each written by `body`.
    mutating func add<Element>(_ name: String, objects: [Element], body: (inout JSONObjectWriter, Element) -> Void) {
        key(name)
        text += "["
        for (i, element) in objects.enumerated() {
            if i > 0 { text += "," }
            var nested = JSONObjectWriter()
            body(&nested, element)
            text += nested.finished
        }
        text += "]"
    }

    var finished: String { text + "}" }

    /// A finite number with at most 3 decimals ("12.5", "0", "1234.567"); non-finite becomes null.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        let rounded = (v * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    static func appendString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
