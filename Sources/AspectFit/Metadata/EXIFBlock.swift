import CImageIO

/// Edits of an EXIF block (TIFF bytes, as `ImageInfo.exif`) that must follow the pixels.
public enum EXIFBlock {
    /// The block with its orientation tag set to `orientation` (unchanged when it has none), so
    /// metadata kept on pixels that were turned upright does not turn them again in a viewer.
    public static func setting(_ orientation: Orientation, in block: [UInt8]) -> [UInt8] {
        var copy = block
        copy.withUnsafeMutableBufferPointer { _ = cio_exif_set_orientation($0.baseAddress, $0.count, Int32(orientation.rawValue)) }
        return copy
    }

    /// The block rebuilt true for an upright `width` x `height` output: orientation 1, the image
    /// size tags (IFD0 ImageWidth/ImageLength, EXIF PixelXDimension/PixelYDimension) set to the
    /// output's, and nothing left of the source's pixels: no IFD1 thumbnail, no strip or tile
    /// offsets. The maker note is left out too (its private offsets do not survive a move).
    /// Nil when the block is not readable TIFF.
    public static func rewritten(_ block: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard let (ifd0, bigEndian) = TIFFDirectory.read(block) else { return nil }
        let order = ByteOrder(bigEndian: bigEndian)
        func edited(_ directory: TIFFDirectory) -> TIFFDirectory {
            var entries: [TIFFDirectory.Entry] = []
            for var entry in directory.entries where !droppedTags.contains(entry.tag) {
                switch entry.tag {
                case 0x0100, 0xA002: entry = order.long(entry.tag, UInt32(width))
                case 0x0101, 0xA003: entry = order.long(entry.tag, UInt32(height))
                case 0x0112: entry = order.short(entry.tag, 1)
                default: entry.directory = entry.directory.map(edited)
                }
                entries.append(entry)
            }
            return TIFFDirectory(entries: entries)
        }
        return edited(ifd0).written(bigEndian: bigEndian, limit: block.count + 64)
    }

    /// A minimal block holding only IFD0's Artist (0x013B) and Copyright (0x8298), with the
    /// resolution and YCbCrPositioning tags EXIF requires of a JPEG's IFD0 where the source has
    /// them; nil when the block has neither Artist nor Copyright or is not readable TIFF.
    public static func rightsOnly(_ block: [UInt8]) -> [UInt8]? {
        guard let (ifd0, bigEndian) = TIFFDirectory.read(block) else { return nil }
        let rights: Set<UInt16> = [0x013B, 0x8298], required: Set<UInt16> = [0x011A, 0x011B, 0x0128, 0x0213]
        let kept = ifd0.entries.filter { rights.union(required).contains($0.tag) && $0.directory == nil }
        guard kept.contains(where: { rights.contains($0.tag) }) else { return nil }
        return TIFFDirectory(entries: kept).written(bigEndian: bigEndian, limit: block.count + 64)
    }

    /// Tags that point at or describe the source's own pixel data, or hold metadata carried apart.
    private static let droppedTags: Set<UInt16> = [
        0x0111, 0x0117, 0x0144, 0x0145,   // strip and tile offsets and byte counts
        0x014A,                           // SubIFDs: further images
        0x0201, 0x0202,                   // JPEGInterchangeFormat (a thumbnail) and its length
        0x02BC, 0x83BB, 0x8773,           // XMP, IPTC and ICC inside TIFF: written in their own places
        0x927C,                           // the maker note
    ]

    private struct ByteOrder {
        let bigEndian: Bool

        func short(_ tag: UInt16, _ v: UInt16) -> TIFFDirectory.Entry {
            let b = [UInt8(v >> 8), UInt8(v & 0xFF)]
            return .init(tag: tag, type: 3, count: 1, value: bigEndian ? b : b.reversed(), directory: nil)
        }

        func long(_ tag: UInt16, _ v: UInt32) -> TIFFDirectory.Entry {
            let b = (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) }
            return .init(tag: tag, type: 4, count: 1, value: bigEndian ? b : b.reversed(), directory: nil)
        }
    }
}
