import AspectFit
#if canImport(Glibc)
import Glibc
#endif

/// The mark aspectfit puts in every image it writes, so that a file already at an output path can be
/// proven to be its own earlier output, unchanged since: `aspectfit ` and eight hex digits, the
/// CRC-32 of the file without the mark. JPEG: a comment segment (COM) after the APPn segments; PNG:
/// a `Software` tEXt chunk before IEND; WebP: an `AFMK` chunk at the end of the RIFF (readers skip
/// unknown chunks); AVIF: a `skip` box at the end (ISO BMFF's box for bytes to ignore); GIF: a
/// comment extension before the trailer. For WebP and AVIF the checksum covers everything before the
/// text, the chunk's or box's header included; for GIF everything but the text.
/// Any edit of the file (or a file another tool wrote) fails the proof, and aspectfit then never
/// replaces it (`--overwrite` aside).
enum WriterMark {
    static let prefix = Array("aspectfit ".utf8)
    /// The mark's text: the prefix and the checksum's eight hex digits.
    static let textLength = prefix.count + 8
    private static let keyword = Array("Software".utf8) + [0]

    /// `bytes` (an encoded `format` file) with the mark inserted; unchanged for a format without one.
    static func marked(_ bytes: [UInt8], format: ImageFormat) -> [UInt8] {
        switch format {
        case .jpeg:
            guard let at = JPEGSegments.endOfApplicationSegments(bytes) else { return bytes }
            let text = Self.text(CRC32.of(bytes))
            let segment: [UInt8] = [0xFF, 0xFE, 0, UInt8(text.count + 2)] + text
            return Array(bytes[..<at]) + segment + bytes[at...]
        case .png:
            guard let iend = PNGChunks.list(bytes)?.last, iend.type == Array("IEND".utf8) else { return bytes }
            let data = keyword + Self.text(CRC32.of(bytes))
            return Array(bytes[..<iend.start]) + PNGChunks.chunk(type: Array("tEXt".utf8), data: data) + bytes[iend.start...]
        case .webp:
            guard bytes.count >= 12 else { return bytes }
            var framed = bytes + Array("AFMK".utf8) + littleEndian(UInt32(textLength))
            framed.replaceSubrange(4..<8, with: littleEndian(UInt32(framed.count + textLength - 8)))
            return framed + text(CRC32.of(framed))
        case .avif:
            let framed = bytes + bigEndian(UInt32(8 + textLength)) + Array("skip".utf8)
            return framed + text(CRC32.of(framed))
        case .gif:
            guard bytes.last == 0x3B else { return bytes }
            let framed = bytes.dropLast() + gifCommentHeader
            return framed + text(CRC32.of(framed + gifEnd)) + gifEnd
        case .heic:
            return bytes
        }
    }

    /// The bytes the mark adds to a `format` output (the most any format's mark adds for `auto`):
    /// what a `--max-bytes` budget keeps back from the encoder.
    static func length(for format: OutputFormat) -> Int {
        switch format {
        case .jpeg: 4 + textLength
        case .png: 12 + keyword.count + textLength
        case .webp, .avif: trailerLength
        case .gif: gifTrailerLength
        case .auto: [OutputFormat.jpeg, .png, .webp, .avif, .gif].map(length(for:)).max()!
        }
    }

    private static func littleEndian(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    private static func bigEndian(_ v: UInt32) -> [UInt8] { littleEndian(v).reversed() }

    /// The tail a WebP or AVIF mark takes: the chunk's or box's 8-byte header and the text.
    private static let trailerLength = 8 + textLength
    /// A GIF comment extension of one sub-block holding the text, then the sub-blocks' end and the trailer.
    private static let gifCommentHeader: [UInt8] = [0x21, 0xFE, UInt8(textLength)]
    private static let gifEnd: [UInt8] = [0x00, 0x3B]
    private static let gifTrailerLength = gifCommentHeader.count + textLength + gifEnd.count

    /// Whether the regular file at `path` (not followed if a symlink) carries a mark whose checksum
    /// matches the rest of it. Reads it in pieces: memory stays small whatever its size.
    static func isMarked(path: PathBytes, following: Bool = false, expecting identity: FileIdentity? = nil) -> Bool {
        guard let file = try? FileSystem.openRegularFile(path, following: following, expecting: identity) else { return false }
        defer { close(file.descriptor) }
        let read = { (offset: Int, count: Int) in FileSystem.read(file.descriptor, at: offset, count: count) }
        guard let (range, text) = find(read, size: file.size),
              let claimed = UInt32(String(decoding: text.dropFirst(prefix.count), as: UTF8.self), radix: 16) else { return false }
        var crc = CRC32()
        for (start, end) in [(0, range.lowerBound), (range.upperBound, file.size)] {
            var at = start
            while at < end {
                guard let piece = read(at, min(1 << 16, end - at)), !piece.isEmpty else { return false }
                crc.add(piece)
                at += piece.count
            }
        }
        return crc.value == claimed
    }

    private static func text(_ crc: UInt32) -> [UInt8] {
        let hex = String(crc, radix: 16)
        return prefix + Array((String(repeating: "0", count: 8 - hex.count) + hex).utf8)
    }

    private static func isMarkText(_ text: ArraySlice<UInt8>) -> Bool {
        text.count == textLength && text.starts(with: prefix)
            && text.dropFirst(prefix.count).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// WebP (a RIFF of type WEBP) or AVIF (an ISO BMFF file: `ftyp` first), whose marks end the file.
    private static func trailerKind(_ head: [UInt8], _ read: (Int, Int) -> [UInt8]?) -> ImageFormat? {
        if head.starts(with: Array("RIFF".utf8)), read(8, 4) == Array("WEBP".utf8) { return .webp }
        if Array(head[4..<8]) == Array("ftyp".utf8) { return .avif }
        return nil
    }

    /// The longest JPEG header searched for the mark (APPn segments with EXIF and ICC profiles included).
    private static let jpegHeaderLimit = 1 << 20

    /// Where the mark's segment or chunk is in a file of `size` bytes read through `read`, and its text.
    private static func find(_ read: (Int, Int) -> [UInt8]?, size: Int) -> (Range<Int>, ArraySlice<UInt8>)? {
        guard let head = read(0, min(size, 8)), head.count >= 2 else { return nil }
        if head[0] == 0xFF, head[1] == 0xD8 {
            guard let header = read(0, min(size, jpegHeaderLimit)), let segments = JPEGSegments.list(header) else { return nil }
            for segment in segments where segment.marker == 0xFE && isMarkText(header[segment.payload]) {
                return (segment.start ..< segment.payload.upperBound, header[segment.payload])
            }
        } else if size >= 12 + trailerLength, let kind = head.count >= 8 ? trailerKind(head, read) : nil,
                  let tail = read(size - trailerLength, trailerLength), tail.count == trailerLength {
            let text = tail[8...]
            let header = Array(tail[..<8])
            let expected = kind == .webp ? Array("AFMK".utf8) + littleEndian(UInt32(textLength))
                : bigEndian(UInt32(trailerLength)) + Array("skip".utf8)
            guard header == expected, isMarkText(text) else { return nil }
            if kind == .webp {
                guard let riff = read(4, 4), riff == littleEndian(UInt32(size - 8)) else { return nil }
            }
            return (size - textLength ..< size, text)
        } else if head.starts(with: Array("GIF8".utf8)), size >= 13 + gifTrailerLength,
                  let tail = read(size - gifTrailerLength, gifTrailerLength), tail.count == gifTrailerLength {
            let text = tail[gifCommentHeader.count ..< gifCommentHeader.count + textLength]
            guard tail.starts(with: gifCommentHeader), tail.suffix(2) == gifEnd[...], isMarkText(text) else { return nil }
            return (size - textLength - gifEnd.count ..< size - gifEnd.count, text)
        } else if head.starts(with: PNGChunks.signature) {
            var at = PNGChunks.signature.count
            while at + 12 <= size, let chunkHeader = read(at, 8), chunkHeader.count == 8 {
                let length = chunkHeader[..<4].reduce(0) { $0 << 8 | Int($1) }
                guard length <= size - at - 12 else { return nil }
                let type = Array(chunkHeader[4...])
                if type == Array("tEXt".utf8), length == keyword.count + textLength,
                   let data = read(at + 8, length), data.starts(with: keyword), isMarkText(data[keyword.count...]) {
                    return (at ..< at + 12 + length, data[keyword.count...])
                }
                if type == Array("IEND".utf8) { return nil }
                at += 12 + length
            }
        }
        return nil
    }
}
