/// The image file directories (IFDs) of a TIFF-structured EXIF block, read with every offset and
/// count checked, and written back as a new, compact block in the same byte order.
///
/// Only IFD0 and the sub-directories it names by tag are read (EXIF, GPS, and the EXIF IFD's
/// interoperability IFD), each once at a fixed depth, so looping or shared offsets cannot recurse.
/// IFD1 (the embedded thumbnail) is never read, so it is never written either.
struct TIFFDirectory: Equatable {
    /// One entry: its tag, TIFF type and count, and either its value bytes (in the block's byte
    /// order) or the directory it points to.
    struct Entry: Equatable {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var value: [UInt8]
        var directory: TIFFDirectory?
    }

    var entries: [Entry]

    /// The sub-directory tags, with the directory they may appear in: 0 for IFD0, else the pointer tag.
    static let exifPointer: UInt16 = 0x8769, gpsPointer: UInt16 = 0x8825, interoperabilityPointer: UInt16 = 0xA005
    private static let subdirectories: [UInt16: [UInt16]] = [0: [exifPointer, gpsPointer], exifPointer: [interoperabilityPointer]]

    /// Bytes per value of each TIFF type (1 BYTE ... 13 IFD); other types are left out.
    private static let typeSizes: [UInt16: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]

    /// IFD0 of `block` with its sub-directories; nil when the header or IFD0 is unreadable.
    static func read(_ block: [UInt8]) -> (ifd0: TIFFDirectory, bigEndian: Bool)? {
        guard block.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (block[0], block[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        let reader = Reader(bytes: block, bigEndian: bigEndian)
        guard reader.u16(2) == 42, let offset = reader.u32(4), let ifd0 = reader.directory(at: Int(offset), kind: 0) else { return nil }
        return (ifd0, bigEndian)
    }

    /// A TIFF block of this directory as IFD0 (no IFD1), or nil when it would be over `limit` bytes:
    /// a hostile block whose entries share one large value must not grow without bound.
    func written(bigEndian: Bool, limit: Int) -> [UInt8]? {
        var writer = Writer(bigEndian: bigEndian, limit: limit)
        writer.bytes = bigEndian ? [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] : [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        guard writer.append(self) != nil else { return nil }
        return writer.bytes
    }

    private struct Reader {
        let bytes: [UInt8]
        let bigEndian: Bool

        func u16(_ at: Int) -> UInt16? {
            guard at >= 0, at <= bytes.count - 2 else { return nil }
            let (a, b) = (UInt16(bytes[at]), UInt16(bytes[at + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(_ at: Int) -> UInt32? {
            guard let first = u16(at), let second = u16(at + 2) else { return nil }
            return bigEndian ? UInt32(first) << 16 | UInt32(second) : UInt32(second) << 16 | UInt32(first)
        }

        /// The directory at `offset`; `kind` is the tag that pointed to it (0 for IFD0). Entries whose
        /// type is unknown or whose value lies outside the block are left out.
        func directory(at offset: Int, kind: UInt16) -> TIFFDirectory? {
            guard let count = u16(offset), offset + 2 + Int(count) * 12 <= bytes.count else { return nil }
            var entries: [Entry] = []
            for i in 0..<Int(count) {
                let at = offset + 2 + i * 12
                guard let tag = u16(at), let type = u16(at + 2), let n = u32(at + 4), let size = TIFFDirectory.typeSizes[type] else { continue }
                if TIFFDirectory.subdirectories[kind]?.contains(tag) == true {
                    guard n == 1, size == 4, let pointer = u32(at + 8),
                          let sub = directory(at: Int(pointer), kind: tag) else { continue }
                    entries.append(Entry(tag: tag, type: 4, count: 1, value: [], directory: sub))
                    continue
                }
                let length = Int(n) * size   // at most 2^32 * 8: no overflow in a 64-bit Int
                let start: Int
                if length <= 4 {
                    start = at + 8
                } else {
                    guard let pointer = u32(at + 8) else { continue }
                    start = Int(pointer)
                }
                guard start <= bytes.count, length <= bytes.count - start else { continue }
                entries.append(Entry(tag: tag, type: type, count: n, value: Array(bytes[start..<start + length])))
            }
            return TIFFDirectory(entries: entries)
        }
    }

    private struct Writer {
        let bigEndian: Bool
        let limit: Int
        var bytes: [UInt8] = []

        mutating func put16(_ v: UInt16, at: Int) {
            let b = [UInt8(v >> 8), UInt8(v & 0xFF)]
            bytes[at] = bigEndian ? b[0] : b[1]
            bytes[at + 1] = bigEndian ? b[1] : b[0]
        }

        mutating func put32(_ v: UInt32, at: Int) {
            put16(UInt16(v >> 16), at: bigEndian ? at : at + 2)
            put16(UInt16(v & 0xFFFF), at: bigEndian ? at + 2 : at)
        }

        /// Appends `directory` (entries sorted by tag, next-IFD offset 0, then its values and
        /// sub-directories) and returns its offset; nil past the limit.
        mutating func append(_ directory: TIFFDirectory) -> UInt32? {
            let entries = directory.entries.sorted { $0.tag < $1.tag }
            let start = bytes.count
            guard start + 6 + entries.count * 12 <= limit else { return nil }
            bytes += [UInt8](repeating: 0, count: 6 + entries.count * 12)
            put16(UInt16(entries.count), at: start)
            for (i, entry) in entries.enumerated() {
                let at = start + 2 + i * 12
                put16(entry.tag, at: at)
                put16(entry.type, at: at + 2)
                put32(entry.count, at: at + 4)
                if let sub = entry.directory {
                    if bytes.count % 2 == 1 { bytes.append(0) }
                    guard let offset = append(sub) else { return nil }
                    put32(offset, at: at + 8)
                } else if entry.value.count <= 4 {
                    bytes.replaceSubrange(at + 8..<at + 8 + entry.value.count, with: entry.value)
                } else {
                    if bytes.count % 2 == 1 { bytes.append(0) }
                    guard bytes.count + entry.value.count <= limit else { return nil }
                    put32(UInt32(bytes.count), at: at + 8)
                    bytes += entry.value
                }
            }
            return UInt32(start)
        }
    }
}
