/// The marker segments of a JPEG header, from SOI up to the first SOS (the entropy-coded data is
/// not walked), every length bounds-checked.
enum JPEGSegments {
    struct Segment {
        /// The byte after 0xFF: 0xE0-0xEF APPn, 0xFE COM, 0xDB DQT, ...
        var marker: UInt8
        /// Where its 0xFF is.
        var start: Int
        /// Its payload, after the two length bytes.
        var payload: Range<Int>
    }

    /// The segments before SOS (SOS itself included), or nil when `bytes` do not start a JPEG or a
    /// length runs past the end.
    static func list(_ bytes: [UInt8]) -> [Segment]? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var segments: [Segment] = []
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }   // fill byte
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return nil }
            segments.append(Segment(marker: marker, start: at, payload: at + 4 ..< at + 2 + length))
            if marker == 0xDA { return segments }
            at += 2 + length
        }
        return nil
    }

    /// Where the segments after SOI stop being APPn (JFIF, Exif, ICC_PROFILE, ...): a comment goes
    /// there, as the JFIF and Exif layouts want their APP segment first.
    static func endOfApplicationSegments(_ bytes: [UInt8]) -> Int? {
        guard let segments = list(bytes) else { return nil }
        return segments.first { !(0xE0...0xEF).contains($0.marker) }?.start
    }
}
