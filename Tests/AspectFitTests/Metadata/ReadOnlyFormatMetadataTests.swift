import AspectFit
import Foundation
import Testing
import TestSupport

/// EXIF and ICC of WebP, AVIF and HEIF files are found where exiftool finds them: EXIF as a TIFF
/// block (WebP's chunk, the AVIF/HEIF Exif item without its offset), the ICC profile byte for byte.
@Suite struct ReadOnlyFormatMetadataTests {
    @Test func exifAndICCAreFoundWhereExiftoolFindsThem() throws {
        guard try Corpus.require() else { return }
        let exiftool = try ExternalTool.path("exiftool")
        let rows = Corpus.manifest().filter { ["webp/", "avif/", "heic/"].contains(where: $0.path.hasPrefix) && $0.expected == "decode" }
        var found = (exif: 0, icc: 0)
        for entry in rows {
            let path = Corpus.path(entry.path)
            let info = try ImageFile.probe(ImageFile.read(path: path))
            let exif = try ExternalTool.run(exiftool, ["-s3", "-EXIF:All", path]).stdout
            #expect((info.exif != nil) == !exif.isEmpty, "\(entry.path)")
            if let block = info.exif {
                #expect(block.starts(with: Array("II*\0".utf8)) || block.starts(with: Array("MM\0*".utf8)), "\(entry.path)")
                found.exif += 1
            }
            let icc = try ExternalTool.run(exiftool, ["-b", "-ICC_Profile", path]).stdout
            #expect((info.iccProfile ?? []) == icc, "\(entry.path)")
            if !icc.isEmpty { found.icc += 1 }
        }
        #expect(found.exif >= 5 && found.icc >= 5, "\(found)")
    }
}
