/// Standard base64 (RFC 4648, with padding), for the exact bytes of a file name in `--json`.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = Int(bytes[i]), b1 = n > 1 ? Int(bytes[i + 1]) : 0, b2 = n > 2 ? Int(bytes[i + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[triple >> 18 & 63])
            out.append(alphabet[triple >> 12 & 63])
            out.append(n > 1 ? alphabet[triple >> 6 & 63] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[triple & 63] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
