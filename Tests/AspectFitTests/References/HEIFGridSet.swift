import AspectFit
import Foundation
import TestSupport

/// Tests/HEIFGridSet (scripts/generate/make-heif-grid-set.py): HEIF files of every kind a phone writes,
/// each made from a committed upright picture that a correct decoder gives back.
enum HEIFGridSet {
    struct Entry {
        var file: String
        var upright: String
        var kind: String
        /// How close libheif 1.15 comes to the upright picture (dB; 0 when it cannot decode the file).
        var libheifPSNR: Double
        /// Coded by AV1 (decoded by libavif), not HEVC.
        var isAV1: Bool { file.hasPrefix("av1-") }
        /// One tile cannot be decoded: no decoder reads the whole image.
        var isBroken: Bool { file.contains("-broken-") }
        /// One tile is flat grey: the picture differs there.
        var isMarked: Bool { file.contains("-marked-") }
        /// Decoded as made: not a marked tile, nor a kind on which decoders disagree (a tile's own
        /// colour description, a clean aperture between pixels) and libheif 1.15 is off the picture.
        var showsItsPicture: Bool { libheifPSNR >= 35 && !isMarked }
    }

    static let folder = Corpus.projectRoot.appendingPathComponent("Tests/HEIFGridSet")

    static func path(_ file: String) -> String { folder.appendingPathComponent(file).path }

    static func entries() throws -> [Entry] {
        let text = try String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(file: f[0], upright: f[1], kind: f[7], libheifPSNR: Double(f[5]) ?? 0)
        }
    }

    /// The files that show their upright picture.
    static func pictures() throws -> [Entry] { try entries().filter(\.showsItsPicture) }

    static func read(_ file: String) throws -> [UInt8] { try ImageFile.read(path: path(file)) }
}
