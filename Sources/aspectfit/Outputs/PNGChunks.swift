/// The chunks of a PNG file, every length bounds-checked (CRCs are not verified here).
enum PNGChunks {
    struct Chunk {
        var type: [UInt8]
        /// Where its length field is.
        var start: Int
        var data: Range<Int>
        /// Just past its CRC.
        var end: Int { data.upperBound + 4 }
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Every chunk up to IEND, or nil when `bytes` are not a PNG or a length runs past the end.
    static func list(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.starts(with: signature) else { return nil }
        var chunks: [Chunk] = []
        var at = signature.count
        while at + 12 <= bytes.count {
            let length = bytes[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= bytes.count - at - 12 else { return nil }
            let chunk = Chunk(type: Array(bytes[at + 4 ..< at + 8]), start: at, data: at + 8 ..< at + 8 + length)
            chunks.append(chunk)
            if chunk.type == Array("IEND".utf8) { return chunks }
            at = chunk.end
        }
        return nil
    }

    /// A chunk's bytes: length, type, data and the CRC of type and data.
    static func chunk(type: [UInt8], data: [UInt8]) -> [UInt8] {
        let length = UInt32(data.count)
        var crc = CRC32()
        crc.add(type)
        crc.add(data)
        let value = crc.value
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + type + data
            + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
