/// The mark aspectfit writes into every output, read here independently of the tool's code: a JPEG
/// COM segment or a PNG `Software` tEXt chunk holding `aspectfit ` and the CRC-32 (hex) of the file
/// without that segment or chunk.
public enum WriterMarkOracle {
    /// The file without its mark, and whether the mark's checksum matches; nil when there is no mark.
    public static func unmarked(_ bytes: [UInt8]) -> (bytes: [UInt8], valid: Bool)? {
        guard let (range, text) = mark(in: bytes) else { return nil }
        let rest = Array(bytes[..<range.lowerBound]) + bytes[range.upperBound...]
        let claimed = UInt32(String(decoding: text.dropFirst(10), as: UTF8.self), radix: 16)
        return (rest, claimed == CRC32.checksum(rest))
    }

    private static func mark(in d: [UInt8]) -> (Range<Int>, ArraySlice<UInt8>)? {
        let prefix = Array("aspectfit ".utf8)
        if d.count > 4, d[0] == 0xFF, d[1] == 0xD8 {
            var i = 2
            while i + 4 <= d.count, d[i] == 0xFF, d[i + 1] != 0xDA {
                let end = i + 2 + (Int(d[i + 2]) << 8 | Int(d[i + 3]))
                guard end <= d.count else { return nil }
                if d[i + 1] == 0xFE, d[i + 4 ..< end].starts(with: prefix) { return (i ..< end, d[i + 4 ..< end]) }
                i = end
            }
        } else if d.count > 8, d[0] == 0x89, d[1] == 0x50 {
            var i = 8
            let keyword = Array("Software".utf8) + [0]
            while i + 12 <= d.count {
                let length = d[i ..< i + 4].reduce(0) { $0 << 8 | Int($1) }
                let end = i + 12 + length
                guard end <= d.count else { return nil }
                let data = d[i + 8 ..< i + 8 + length]
                if d[i + 4 ..< i + 8].elementsEqual("tEXt".utf8), data.starts(with: keyword + prefix) {
                    return (i ..< end, data.dropFirst(keyword.count))
                }
                i = end
            }
        }
        return nil
    }
}
