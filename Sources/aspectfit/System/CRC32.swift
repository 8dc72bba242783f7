/// CRC-32 as zlib, PNG and gzip compute it (IEEE 802.3 polynomial, reflected, inverted).
struct CRC32 {
    private static let table: [UInt32] = (0 ..< 256).map { n in
        var c = UInt32(n)
        for _ in 0 ..< 8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private var state: UInt32 = 0xFFFF_FFFF

    /// The checksum of everything added so far.
    var value: UInt32 { state ^ 0xFFFF_FFFF }

    mutating func add(_ bytes: some Sequence<UInt8>) {
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { state = table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8) }
        }
    }

    /// The checksum of `bytes`.
    static func of(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.add(bytes)
        return crc.value
    }
}
