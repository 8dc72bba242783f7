import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// PNG orientation where real files keep it: eXIf first, then the hex-encoded "Raw profile type exif"
/// or "Raw profile type APP1" text chunk ImageMagick and GIMP write (tEXt, zTXt or iTXt), then XMP's
/// tiff:Orientation (as Pillow's exif_transpose reads it) when no EXIF orientation exists.
@Suite struct TextChunkOrientationTests {
    /// A big-endian TIFF block with IFD0 holding only the orientation tag (or no entry at all).
    static func exif(orientation: Int?) -> [UInt8] {
        guard let orientation else { return [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0] }
        return [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0,
                0, 0, 0, 0]
    }

    /// ImageMagick's raw profile text: "\nexif\n<length, right-aligned in 8>\n<hex, 72 digits a line>\n".
    static func rawProfile(_ bytes: [UInt8], name: String = "exif") -> [UInt8] {
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        var lines: [String] = []
        var rest = Substring(hex)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(72)))
            rest = rest.dropFirst(72)
        }
        let length = String(bytes.count)
        return Array("\n\(name)\n\(String(repeating: " ", count: max(0, 8 - length.count)))\(length)\n\(lines.joined(separator: "\n"))\n".utf8)
    }

    enum Container: CaseIterable { case tEXt, zTXt, iTXt, iTXtCompressed }

    static func textChunk(_ keyword: String, _ text: [UInt8], in container: Container) -> [UInt8] {
        let key = Array(keyword.utf8) + [0]
        switch container {
        case .tEXt: return PNGBytes.chunk("tEXt", key + text)
        case .zTXt: return PNGBytes.chunk("zTXt", key + [0] + PNGBytes.storedZlib(text))
        case .iTXt: return PNGBytes.chunk("iTXt", key + [0, 0, 0, 0] + text)
        case .iTXtCompressed: return PNGBytes.chunk("iTXt", key + [1, 0, 0, 0] + PNGBytes.storedZlib(text))
        }
    }

    /// A 6x4 grey PNG with `before` chunks ahead of IDAT and `after` chunks behind it.
    static func png(before: [UInt8] = [], after: [UInt8] = []) -> [UInt8] {
        let image = PNGBytes.grayImage(width: 6, height: 4, extra: before)
        return Array(image.dropLast(12)) + after + PNGBytes.chunk("IEND", [])
    }

    static func xmp(_ orientation: Int, elementForm: Bool = false) -> [UInt8] {
        let value = elementForm ? "<tiff:Orientation>\(orientation)</tiff:Orientation>" : "tiff:Orientation=\"\(orientation)\""
        return Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF><rdf:Description \(elementForm ? ">" : value + ">")\(elementForm ? value : "")</rdf:Description></rdf:RDF></x:xmpmeta>".utf8)
    }

    static func orientation(_ png: [UInt8]) throws -> Orientation { try ImageFile.probe(png).orientation }

    @Test(arguments: Container.allCases)
    func rawProfilesInEveryTextChunkGiveTheOrientation(_ container: Container) throws {
        for (keyword, prefix) in [("Raw profile type exif", Array("Exif\0\0".utf8)), ("Raw profile type APP1", Array("Exif\0\0".utf8)),
                                  ("Raw profile type exif", [UInt8]())] {
            for value in 1 ... 8 {
                let block = Self.exif(orientation: value)
                let chunk = Self.textChunk(keyword, Self.rawProfile(prefix + block), in: container)
                for png in [Self.png(before: chunk), Self.png(after: chunk)] {
                    let info = try ImageFile.probe(png)
                    #expect(info.orientation.rawValue == value, "\(container) \(keyword) \(value)")
                    #expect(info.exif == block, "the block is kept for --keep-metadata")
                }
            }
        }
    }

    @Test func eXIfComesFirstThenTheRawProfileThenXMP() throws {
        let raw = Self.textChunk("Raw profile type exif", Self.rawProfile(Self.exif(orientation: 6)), in: .zTXt)
        let eXIf = PNGBytes.chunk("eXIf", Self.exif(orientation: 3))
        let xmp = Self.textChunk("XML:com.adobe.xmp", Self.xmp(8), in: .iTXt)
        #expect(try Self.orientation(Self.png(before: eXIf + raw + xmp)) == .down)
        #expect(try Self.orientation(Self.png(before: raw + xmp)) == .right)
        #expect(try Self.orientation(Self.png(before: xmp)) == .left)
        #expect(try Self.orientation(Self.png(after: Self.textChunk("XML:com.adobe.xmp", Self.xmp(5, elementForm: true),
                                                                     in: .iTXtCompressed))) == .leftMirrored)
        // EXIF without an orientation entry leaves XMP's in force (Pillow's rule)
        let noTag = PNGBytes.chunk("eXIf", Self.exif(orientation: nil))
        #expect(try Self.orientation(Self.png(before: noTag + xmp)) == .left)
        #expect(try Self.orientation(Self.png(before: noTag)) == .up)
    }

    @Test func damagedOrOversizedTextIsIgnored() throws {
        let good = Self.rawProfile(Self.exif(orientation: 6))
        var badHex = good
        badHex[badHex.count - 3] = UInt8(ascii: "z")
        let short = Array(good.dropLast(10))
        var wrongLength = good
        wrongLength[8] = UInt8(ascii: "9")   // the declared length no longer matches the hex
        let bomb = [UInt8](repeating: UInt8(ascii: "0"), count: 1_100_000)   // over the 1 MiB bound on raw profile text
        for (name, text) in [("bad hex", badHex), ("short", short), ("wrong length", wrongLength),
                             ("bomb", Array("\nexif\n 1500000\n".utf8) + bomb), ("empty", [])] {
            for container in Container.allCases {
                let png = Self.png(before: Self.textChunk("Raw profile type exif", text, in: container))
                #expect(try Self.orientation(png) == .up, "\(name) \(container)")
                #expect(try ImageFile.decode(png).pixels.width == 6)
            }
        }
        // other keywords are never read
        let comment = Self.png(before: Self.textChunk("Comment", good, in: .zTXt))
        #expect(try Self.orientation(comment) == .up)
        #expect(try Self.orientation(Self.png(before: Self.textChunk("XML:com.adobe.xmp", Self.xmp(9), in: .tEXt))) == .up)
    }

    @Test func thePipelineTurnsARawProfileOrientedPNGUpright() throws {
        let raw = Self.textChunk("Raw profile type exif", Self.rawProfile(Array("Exif\0\0".utf8) + Self.exif(orientation: 6)),
                                 in: .zTXt)
        let result = try Pipeline().run(Self.png(before: raw))
        let info = try ImageFile.probe(result.bytes)
        #expect(info.width == 4 && info.height == 6, "orientation 6 swaps the axes")
        #expect(info.orientation == .up)
    }

    @Test func corpusFilesCarryingOrientationInTextChunks() throws {
        guard try Corpus.require() else { return }
        // MANIFEST: "displayed 326x268 after applying orientation 3" (XMP tiff:Orientation only)
        #expect(try ImageFile.probe(ImageFile.read(path: Corpus.path("png-extra/iccp-colormatch-xmp-orientation.png"))).orientation == .down)
        // EXIF in a zTXt raw profile (a Pixel 4a photo, orientation 1 per exiftool)
        let paris = try ImageFile.probe(ImageFile.read(path: Corpus.path("png-extra/iccp-exif-xmp-paris.png")))
        #expect(paris.exif != nil && paris.orientation == .up)
    }
}
