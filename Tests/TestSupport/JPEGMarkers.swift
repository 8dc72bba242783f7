/// The marker segments of a JPEG file, parsed here (not by libjpeg) to check what the encoder
/// wrote: frame type, sampling factors, quantisation and Huffman tables, APPn and COM segments.
public struct JPEGMarkers {
    public struct Segment {
        public var marker: UInt8
        /// The bytes after the length, indexed as in the whole file.
        public var payload: ArraySlice<UInt8>
        /// Where the whole segment (marker and length included) lies in the file.
        public var range: Range<Int> { payload.startIndex - 4 ..< payload.endIndex }
    }

    public var segments: [Segment] = []

    /// Segments from SOI up to the first SOS (the entropy-coded data is not walked).
    public init?(_ d: [UInt8]) {
        guard d.count > 4, d[0] == 0xFF, d[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= d.count, d[i] == 0xFF {
            let marker = d[i + 1]
            let length = Int(d[i + 2]) << 8 | Int(d[i + 3])
            guard length >= 2, i + 2 + length <= d.count else { return nil }
            segments.append(Segment(marker: marker, payload: d[i + 4 ..< i + 2 + length]))
            if marker == 0xDA { break }
            i += 2 + length
        }
    }

    public func all(_ marker: UInt8) -> [Segment] { segments.filter { $0.marker == marker } }

    /// The start-of-frame segment (any SOFn: not DHT 0xC4, JPG 0xC8 or DAC 0xCC).
    public var frame: Segment? { segments.first { (0xC0 ... 0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) } }

    /// The start-of-frame marker: 0xC0 baseline, 0xC1 extended, 0xC2 progressive.
    public var frameMarker: UInt8? { segments.first { (0xC0 ... 0xC3).contains($0.marker) }?.marker }

    /// Each component's (horizontal, vertical) sampling factors, from the SOF segment.
    public var samplingFactors: [(Int, Int)] {
        guard let sof = segments.first(where: { (0xC0 ... 0xC3).contains($0.marker) })?.payload else { return [] }
        let p = Array(sof)
        return (0 ..< Int(p[5])).map { (c: Int) -> (Int, Int) in
            let factors: UInt8 = p[7 + 3 * c]
            return (Int(factors >> 4), Int(factors & 15))
        }
    }

    /// The first (luminance) quantisation table, in zigzag order as stored (8-bit tables only).
    public var firstQuantisationTable: [Int] {
        guard let p = all(0xDB).first.map({ Array($0.payload) }), p[0] >> 4 == 0 else { return [] }
        return p[1 ..< 65].map(Int.init)
    }

    /// The code-length counts (16 values) of every Huffman table: class << 4 | id -> counts.
    public var huffmanCounts: [Int: [Int]] {
        var tables: [Int: [Int]] = [:]
        for segment in all(0xC4) {
            let p = Array(segment.payload)
            var i = 0
            while i + 17 <= p.count {
                let counts = p[i + 1 ... i + 16].map(Int.init)
                tables[Int(p[i])] = counts
                i += 17 + counts.reduce(0, +)
            }
        }
        return tables
    }

    /// Whether an APPn segment starts with `identifier` (e.g. APP1 "Exif\0\0", APP13 "Photoshop 3.0").
    public func hasApp(_ n: UInt8, _ identifier: String) -> Bool {
        all(0xE0 + n).contains { $0.payload.starts(with: Array(identifier.utf8)) }
    }
}
