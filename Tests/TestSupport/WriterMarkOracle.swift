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
        if let markers = JPEGMarkers(d) {
            let com = markers.all(0xFE).first { $0.payload.starts(with: prefix) }
            return com.map { ($0.range, $0.payload) }
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
