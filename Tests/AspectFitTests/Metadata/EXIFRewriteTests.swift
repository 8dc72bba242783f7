import Testing
@testable import AspectFit

/// EXIFBlock.rewritten and rightsOnly on blocks built here, in both byte orders, and on hostile
/// blocks (every truncation, every byte set to 0x00 and 0xFF, directories pointing at themselves).
@Suite struct EXIFRewriteTests {
    /// The thumbnail's bytes: they must not survive a rewrite.
    static let thumbnail: [UInt8] = Array("THUMBNAIL-OF-THE-UNCROPPED-FRAME".utf8)

    /// A TIFF block: IFD0 (ImageWidth 480 SHORT, Orientation 6, Make, Artist, Copyright, ExifIFD and
    /// GPS pointers, next IFD = IFD1), ExifIFD (PixelX/YDimension 480x369, MakerNote), GPS (one
    /// entry), IFD1 (JPEGInterchangeFormat and length of `thumbnail`).
    static func block(bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let ifd0 = 8, ifd0Size = 2 + 8 * 12 + 4
        let make = ifd0 + ifd0Size, artist = make + 6, copyright = artist + 12
        let exif = copyright + 10, exifSize = 2 + 3 * 12 + 4
        let makerNote = exif + exifSize, gps = makerNote + 16, gpsSize = 2 + 12 + 4
        let ifd1 = gps + gpsSize, ifd1Size = 2 + 2 * 12 + 4, thumb = ifd1 + ifd1Size
        bytes += bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
        bytes += u32(ifd0)
        bytes += u16(8)
        bytes += entry(0x0100, 3, 1, u16(480)) + entry(0x010F, 2, 6, u32(make)) + entry(0x0112, 3, 1, u16(6))
        bytes += entry(0x013B, 2, 12, u32(artist)) + entry(0x8298, 2, 10, u32(copyright))
        bytes += entry(0x8769, 4, 1, u32(exif)) + entry(0x8825, 4, 1, u32(gps)) + entry(0x9999, 99, 1, [])
        bytes += u32(ifd1)
        bytes += Array("Canon\0".utf8) + Array("Ann Artist\0\0".utf8) + Array("(c) Ann\0\0\0".utf8)
        bytes += u16(3) + entry(0x927C, 7, 16, u32(makerNote)) + entry(0xA002, 3, 1, u16(480)) + entry(0xA003, 4, 1, u32(369))
        bytes += u32(0)
        bytes += Array("MAKERNOTE-SERIAL".utf8)
        bytes += u16(1) + entry(0x0001, 2, 2, Array("N\0".utf8)) + u32(0)
        bytes += u16(2) + entry(0x0201, 4, 1, u32(thumb)) + entry(0x0202, 4, 1, u32(thumbnail.count)) + u32(0)
        bytes += thumbnail
        return bytes
    }

    /// The (tag: value) of the entries of `directory`, for SHORT and LONG values.
    static func numbers(_ directory: TIFFDirectory, bigEndian: Bool) -> [UInt16: Int] {
        var values: [UInt16: Int] = [:]
        for entry in directory.entries where entry.directory == nil && (entry.type == 3 || entry.type == 4) {
            let bytes = bigEndian ? entry.value : entry.value.reversed()
            values[entry.tag] = bytes.reduce(0) { $0 << 8 | Int($1) }
        }
        return values
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return bytes.count >= needle.count && (0...bytes.count - needle.count).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test(arguments: [false, true]) func rewrittenIsTrueForTheOutput(_ bigEndian: Bool) throws {
        let source = Self.block(bigEndian: bigEndian)
        #expect(Self.contains(source, "THUMBNAIL") && Self.contains(source, "MAKERNOTE"))
        let rewritten = try #require(EXIFBlock.rewritten(source, width: 150, height: 120))
        let (ifd0, order) = try #require(TIFFDirectory.read(rewritten))
        #expect(order == bigEndian)
        let top = Self.numbers(ifd0, bigEndian: bigEndian)
        #expect(top[0x0100] == 150 && top[0x0112] == 1)
        let exif = try #require(ifd0.entries.first { $0.tag == 0x8769 }?.directory)
        let sizes = Self.numbers(exif, bigEndian: bigEndian)
        #expect(sizes[0xA002] == 150 && sizes[0xA003] == 120)
        #expect(!exif.entries.contains { $0.tag == 0x927C }, "maker note kept")
        #expect(ifd0.entries.first { $0.tag == 0x8825 }?.directory?.entries.map(\.tag) == [0x0001], "GPS lost")
        #expect(ifd0.entries.first { $0.tag == 0x013B }?.value == Array("Ann Artist\0\0".utf8))
        #expect(!Self.contains(rewritten, "THUMBNAIL") && !Self.contains(rewritten, "MAKERNOTE"))
        // IFD0's next-IFD offset is 0: no IFD1
        let ifd0Offset = 8, next = ifd0Offset + 2 + ifd0.entries.count * 12
        #expect(rewritten[next..<next + 4].allSatisfy { $0 == 0 })
        #expect(EXIFBlock.rewritten(rewritten, width: 150, height: 120) == rewritten, "a rewrite is a fixed point")
    }

    @Test(arguments: [false, true]) func rightsOnlyKeepsArtistAndCopyright(_ bigEndian: Bool) throws {
        let rights = try #require(EXIFBlock.rightsOnly(Self.block(bigEndian: bigEndian)))
        let (ifd0, _) = try #require(TIFFDirectory.read(rights))
        #expect(ifd0.entries.map(\.tag) == [0x013B, 0x8298])
        #expect(!Self.contains(rights, "Canon") && !Self.contains(rights, "THUMBNAIL"))
        #expect(EXIFBlock.rightsOnly([0x49, 0x49, 42, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]) == nil, "no rights: no block")
    }

    /// Hostile blocks never trap, and never grow: every prefix, every byte set to 0x00 or 0xFF, and
    /// the pointers aimed at IFD0 itself (a loop) or far past the end.
    @Test(arguments: [false, true]) func hostileBlocksNeverCrashOrGrow(_ bigEndian: Bool) {
        let source = Self.block(bigEndian: bigEndian)
        var cases: [[UInt8]] = (0..<source.count).map { Array(source.prefix($0)) }
        for i in 0..<source.count {
            for byte: UInt8 in [0x00, 0xFF] {
                var mutated = source
                mutated[i] = byte
                cases.append(mutated)
            }
        }
        for pointer in [8, 0, 0xFFFF_FFF0, source.count - 2] {
            for tag: UInt16 in [0x8769, 0x8825] {
                var looping = source
                guard let at = (8..<source.count - 12).first(where: {
                    let t = bigEndian ? UInt16(source[$0]) << 8 | UInt16(source[$0 + 1]) : UInt16(source[$0 + 1]) << 8 | UInt16(source[$0])
                    return t == tag && (source[$0 + 2] | source[$0 + 3]) == 4
                }) else { continue }
                let p = bigEndian ? (0..<4).map { UInt8(truncatingIfNeeded: pointer >> (24 - 8 * $0)) }
                    : (0..<4).map { UInt8(truncatingIfNeeded: pointer >> (8 * $0)) }
                looping.replaceSubrange(at + 8..<at + 12, with: p)
                cases.append(looping)
            }
        }
        // 50 entries sharing one 200-byte value: a rewrite that copied each would grow fortyfold
        let shared = 8 + 2 + 50 * 12 + 4
        var amplifier: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 50, 0]
        for tag in 0..<50 { amplifier += [UInt8(tag), 0x01, 7, 0, 200, 0, 0, 0, UInt8(shared & 0xFF), UInt8(shared >> 8), 0, 0] }
        amplifier += [0, 0, 0, 0] + [UInt8](repeating: 0x41, count: 200)
        cases.append(amplifier)
        #expect(TIFFDirectory.read(amplifier)?.ifd0.entries.count == 50)
        for block in cases {
            for result in [EXIFBlock.rewritten(block, width: 7, height: 9), EXIFBlock.rightsOnly(block)] {
                guard let result else { continue }
                #expect(result.count <= block.count + 64)
                #expect(TIFFDirectory.read(result) != nil, "a result must read back")
            }
        }
    }
}

/// XMPPacket and IPTCRecords: the edits the output needs, in both RDF forms.
@Suite struct XMPAndIPTCTests {
    static let attributes = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" tiff:Orientation="6" exif:PixelXDimension="480" exif:GPSLatitude="48,51N"
         photoshop:Credit="Credit X" xmpRights:Marked="True">
        <dc:creator><rdf:Seq><rdf:li>Ann</rdf:li></rdf:Seq></dc:creator>
        <xmp:Thumbnails><rdf:Alt><rdf:li xmpGImg:image="UNCROPPED"/></rdf:Alt></xmp:Thumbnails>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """
    static let elements = """
        <rdf:Description rdf:about=""><tiff:Orientation>8</tiff:Orientation><exif:PixelYDimension>369</exif:PixelYDimension>
        <dc:rights><rdf:Alt><rdf:li xml:lang="x-default">Mine</rdf:li></rdf:Alt></dc:rights>
        <xmpRights:WebStatement rdf:resource="https://example.com/"/><exif:GPSLatitude>48,51N</exif:GPSLatitude></rdf:Description>
        """

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func rewrittenSetsOrientationAndSizeAndDropsThumbnails() {
        let a = Self.text(XMPPacket.rewritten(Array(Self.attributes.utf8), width: 150, height: 120))
        #expect(a.contains("tiff:Orientation=\"1\"") && a.contains("exif:PixelXDimension=\"150\""))
        #expect(!a.contains("UNCROPPED") && !a.contains("xmp:Thumbnails") && a.contains("<dc:creator>"))
        let e = Self.text(XMPPacket.rewritten(Array(Self.elements.utf8), width: 150, height: 120))
        #expect(e.contains("<tiff:Orientation>1</tiff:Orientation>") && e.contains("<exif:PixelYDimension>120</exif:PixelYDimension>"))
    }

    @Test func rightsOnlyKeepsRightsInEitherForm() throws {
        let a = Self.text(try #require(XMPPacket.rightsOnly(Array(Self.attributes.utf8))))
        #expect(a.contains("photoshop:Credit=\"Credit X\"") && a.contains("xmpRights:Marked=\"True\"") && a.contains("<rdf:li>Ann</rdf:li>"))
        #expect(!a.contains("GPS") && !a.contains("Orientation") && !a.contains("UNCROPPED"))
        let e = Self.text(try #require(XMPPacket.rightsOnly(Array(Self.elements.utf8))))
        #expect(e.contains("<dc:rights>") && e.contains("Mine") && e.contains("<xmpRights:WebStatement rdf:resource=\"https://example.com/\"/>"))
        #expect(!e.contains("GPS") && !e.contains("Orientation"))
        #expect(XMPPacket.rightsOnly(Array("<tiff:Orientation>8</tiff:Orientation>".utf8)) == nil)
        for n in 0..<Self.elements.utf8.count { _ = XMPPacket.rightsOnly(Array(Self.elements.utf8.prefix(n))) }
    }

    @Test func iptcRightsOnlyKeepsRightsDatasets() {
        func dataset(_ record: UInt8, _ id: UInt8, _ text: String) -> [UInt8] {
            [0x1C, record, id, 0, UInt8(text.utf8.count)] + Array(text.utf8)
        }
        let records = dataset(1, 90, "\u{1B}%G") + dataset(2, 0, "\0\u{4}") + dataset(2, 80, "Ann") + dataset(2, 90, "Paris")
            + dataset(2, 116, "(c)") + dataset(2, 25, "keyword")
        #expect(IPTCRecords.rightsOnly(records) == dataset(1, 90, "\u{1B}%G") + dataset(2, 0, "\0\u{4}") + dataset(2, 80, "Ann")
                + dataset(2, 116, "(c)"))
        #expect(IPTCRecords.rightsOnly(dataset(2, 90, "Paris")) == nil)
        for n in 0..<records.count { _ = IPTCRecords.rightsOnly(Array(records.prefix(n))) }
    }
}
