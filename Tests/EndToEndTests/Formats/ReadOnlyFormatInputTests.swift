import Foundation
import Testing
import TestSupport

/// WebP, AVIF, HEIF and GIF inputs through the binary: found in a folder walk by their content and
/// written (by default) in their own format when it is written (WebP, AVIF), else as JPEG, or PNG
/// when transparent, named after the input; a name asking to write HEIF is refused.
@Suite(.tags(.pipeline)) struct ReadOnlyFormatInputTests {
    static let files: [(corpus: String, name: String, output: String, format: String)] = [
        ("webp/lossy-libwebp-test.webp", "a.webp", "a.webp", "webp"),
        ("webp/lossy-alpha-libwebp.webp", "b.WEBP", "b.WEBP", "webp"),
        ("avif/8bit-420-pillow.avif", "c.avif", "c.avif", "avif"),
        ("heic/alpha-libheif-colors.heic", "d.heic", "d.png", "heic"),
        ("heic/example-libheif.heic", "e.HEIF", "e.jpg", "heic"),
        ("gif/palette-wuffs-hippopotamus.gif", "f.gif", "f.jpg", "gif"),
        ("gif/transparency-pillow.gif", "g.gif", "g.png", "gif"),
        ("avif/icc-linku-red.avif", "h.bin", "h.avif", "avif"),   // the content decides, not the name
    ]

    @Test func aWalkedFolderOfTheNewFormatsIsWrittenInTheirOwnOrAsJPEGOrPNG() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        for file in Self.files { try sandbox.copy(file.corpus, to: "in/\(file.name)") }
        let result = try sandbox.run(["--json", "-r", "1:1", "-w", "32", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out") == Self.files.map(\.output).sorted())
        for file in Self.files {
            let record = result.jsonLines.first { $0["input"] as? String == "in/\(file.name)" }
            #expect(record?["status"] as? String == "ok", "\(file.name): \(String(describing: record))")
            #expect(record?["source_format"] as? String == file.format, "\(file.name)")
            let written = ["png": "png", "jpg": "jpeg", "webp": "webp", "avif": "avif"][(file.output as NSString).pathExtension.lowercased()]
            #expect(record?["output_format"] as? String == written, "\(file.name)")
        }
    }

    @Test(arguments: ["thumb.HEIC", "thumb.heif", "thumb.hif"])
    func aNameAskingForAReadOnlyFormatIsRefused(_ output: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("webp/lossy-libwebp-test.webp", to: "a.webp")
        let result = try sandbox.run(["-o", output, "a.webp"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
        #expect(!sandbox.exists(output))
    }
}
