import AspectFit
import Foundation
import Testing
import TestSupport

/// Orientation of the read-only formats: WebP carries EXIF orientation as JPEG does (reported, then
/// applied by the pipeline); AVIF and HEIF are made upright by their decoders (clap, irot, imir) and
/// report `.up`, whatever EXIF or XMP inside them say.
@Suite struct ReadOnlyFormatOrientationTests {
    @Test func webpReportsTheOrientationExiftoolReads() throws {
        guard try Corpus.require() else { return }
        let exiftool = try ExternalTool.path("exiftool")
        let files = Corpus.files(in: "webp", withExtensions: ["webp"]).filter { !$0.contains("/bad-") }
        #expect(files.count >= 10)
        var seen: Set<Int> = []
        for path in files {
            let output = try ExternalTool.run(exiftool, ["-s3", "-n", "-Orientation", path])
            let expected = Int(String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1
            let info = try ImageFile.probe(ImageFile.read(path: path))
            #expect(info.orientation == Orientation(exifValue: expected), "\(path)")
            seen.insert(expected)
        }
        #expect(seen.isSuperset(of: [1, 5, 6]))
    }

    /// The pipeline's identity output of an EXIF-oriented WebP is what `vips autorot` makes of it.
    @Test(arguments: ["webp/exif-orientation-5-pillow.webp", "webp/exif-orientation-6-pillow.webp"])
    func webpComesOutUprightAsVipsAutorotTurnsIt(_ file: String) throws {
        guard try Corpus.require() else { return }
        let vips = try ExternalTool.path("vips")
        let upright = FileManager.default.temporaryDirectory.appendingPathComponent("autorot-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: upright) }
        let rotated = try ExternalTool.run(vips, ["autorot", Corpus.path(file), upright])
        try #require(rotated.status == 0, "\(rotated.stderr)")
        let reference = try ImageFile.decode(ImageFile.read(path: upright)).pixels
        var options = FitOptions()
        options.format = .png
        let result = try Pipeline(options: options).run(ImageFile.read(path: Corpus.path(file)))
        let output = try ImageFile.decode(result.bytes).pixels
        #expect(output.width == reference.width && output.height == reference.height)
        let difference = ImageDifference(PixelConversion.rgba8(output), PixelConversion.rgba8(reference))
        #expect(difference.maximum == 0, "\(file): \(difference)")
    }

    @Test func avifAndHeifAreUprightWithOrientationUp() throws {
        guard try Corpus.require() else { return }
        let rows = Corpus.manifest().filter { ($0.path.hasPrefix("avif/") || $0.path.hasPrefix("heic/")) && $0.expected != "reject" }
        var decoded = 0
        for entry in rows {
            guard let info = try? ImageFile.probe(ImageFile.read(path: Corpus.path(entry.path))) else { continue }
            #expect(info.orientation == .up, "\(entry.path)")
            decoded += 1
        }
        #expect(decoded >= 18)
    }

    /// The transformed AVIFs (irot 270, irot 270 + imir, two clean apertures) against libheif's
    /// reading through vips, and against the same pixels turned or flipped once more: the comparison
    /// tells every orientation apart, so passing means ours is the right one.
    @Test(arguments: ["avif/irot270-linku-kimono.avif", "avif/irot-imir-pillow.avif", "avif/clap-half-pixel-linku-kimono.avif",
                      "avif/clap-480x256-microsoft.avif"])
    func avifTransformsMatchLibheifsAndNoOtherOrientationDoes(_ file: String) throws {
        guard try Corpus.require() else { return }
        let reference = try VipsReference.rgba8(Corpus.path(file))
        let pixels = try ImageFile.decode(ImageFile.read(path: Corpus.path(file))).pixels
        try #require(pixels.width == reference.width && pixels.height == reference.height)
        let ours = PixelConversion.rgba8(pixels)
        #expect(ImageDifference(ours, reference.pixels).psnr >= 35, "\(file)")
        let mirrored = Self.mirrored(ours, width: pixels.width, height: pixels.height, leftRight: true)
        let flipped = Self.mirrored(ours, width: pixels.width, height: pixels.height, leftRight: false)
        for other in [mirrored, flipped] {
            #expect(ImageDifference(other, reference.pixels).psnr < 25, "\(file): another orientation matches as well")
        }
    }

    static func mirrored(_ rgba: [UInt8], width: Int, height: Int, leftRight: Bool) -> [UInt8] {
        var out = rgba
        for y in 0 ..< height {
            for x in 0 ..< width {
                let from = leftRight ? (y * width + width - 1 - x) * 4 : ((height - 1 - y) * width + x) * 4
                let to = (y * width + x) * 4
                out[to ..< to + 4] = rgba[from ..< from + 4]
            }
        }
        return out
    }
}
