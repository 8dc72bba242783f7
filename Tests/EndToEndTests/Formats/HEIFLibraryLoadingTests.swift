import Foundation
import Testing
import TestSupport

/// libheif is opened by the first HEIF a process reads, not at start-up (its load-time constructor
/// initialises libde265's tables: half of the start of a process that never reads a HEIF), and so is
/// libde265, which decodes a grid's 8-bit tiles directly. `ASPECTFIT_LIBHEIF` names another libheif;
/// one that cannot be opened, or lacks a function, fails that HEIF with one clear line while the rest
/// of the batch is written. `ASPECTFIT_LIBDE265` names another libde265; one that cannot be used
/// leaves the tiles to libheif (and its own libde265).
@Suite(.tags(.pipeline)) struct HEIFLibraryLoadingTests {
    static let heic = "Tests/HEIFGridSet/phone-512.heic"
    static let jpeg = "samples/harvesters.jpg"

    /// The sandbox with one HEIC and one JPEG.
    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        for (file, name) in [(heic, "phone.heic"), (jpeg, "photo.jpg")] {
            try Data(contentsOf: Corpus.projectRoot.appendingPathComponent(file)).write(to: sandbox.url(name))
        }
        return sandbox
    }

    @Test func libheifIsOpenedOnlyByAHEIF() throws {
        let sandbox = try Self.sandbox()
        let jpegOnly = try sandbox.run(["-r", "1:1", "-w", "64", "-o", "jpeg/", "photo.jpg"], environment: ["LD_DEBUG": "files"])
        try #require(jpegOnly.status == 0, "\(jpegOnly.stderr.suffix(400))")
        let atStart = LoaderTrace.openedLibraries(jpegOnly.stderr)
        #expect(atStart.contains { $0.contains("libjpeg") }, "the loader's lines were read: \(atStart)")
        #expect(!atStart.contains { $0.contains("libheif") || $0.contains("libde265") }, "libheif or libde265 opened for a JPEG: \(atStart)")

        let withHEIF = try sandbox.run(["-r", "1:1", "-w", "64", "-o", "heif/", "phone.heic"], environment: ["LD_DEBUG": "files"])
        try #require(withHEIF.status == 0, "\(withHEIF.stderr.suffix(400))")
        let opened = LoaderTrace.openedLibraries(withHEIF.stderr)
        #expect(opened.contains { $0.contains("libheif.so.1") } && opened.contains { $0.contains("libde265.so.0") }, "\(opened)")
    }

    /// Without a usable libde265 the tiles go through libheif: the same picture, within the in-loop
    /// filters the direct route leaves out at this reduction (docs/formats.md, so the bytes differ:
    /// the variable was read), and no message.
    @Test(arguments: ["/nonexistent/libde265.so.0", "libjpeg.so.62"])
    func aLibde265ThatCannotBeUsedLeavesTheTilesToLibheif(library: String) throws {
        let sandbox = try Self.sandbox()
        let direct = try sandbox.run(["-r", "5:7", "-w", "120", "-f", "png", "-o", "direct/", "phone.heic"])
        try #require(direct.status == 0, "\(direct.stderr)")
        let through = try sandbox.run(["-r", "5:7", "-w", "120", "-f", "png", "-o", "libheif/", "phone.heic"],
                                      environment: ["ASPECTFIT_LIBDE265": library])
        try #require(through.status == 0, "\(through.stderr)")
        #expect(!through.stderr.contains("libde265"), "\(through.stderr)")
        let psnr = try VariantTests.psnr(sandbox.data("direct/phone.png"), sandbox.data("libheif/phone.png"))
        #expect(psnr >= 40 && psnr < .infinity, "\(psnr) dB")
    }

    @Test func aNamedLibheifDecodesAsTheDefault() throws {
        let sandbox = try Self.sandbox()
        let found = try sandbox.run(["-r", "5:7", "-w", "120", "-f", "png", "-o", "default/", "phone.heic"],
                                    environment: ["LD_DEBUG": "files"])
        try #require(found.status == 0)
        let path = try #require(LoaderTrace.openedPath(of: "libheif", in: found.stderr))
        #expect(path.hasPrefix("/"), "\(path)")
        let named = try sandbox.run(["-r", "5:7", "-w", "120", "-f", "png", "-o", "named/", "phone.heic"],
                                    environment: ["ASPECTFIT_LIBHEIF": path])
        try #require(named.status == 0, "\(named.stderr)")
        #expect(try sandbox.data("named/phone.png") == sandbox.data("default/phone.png"))
    }

    @Test(arguments: [("/nonexistent/libheif.so.1", "cannot open shared object file"),
                      ("libjpeg.so.62", "has no heif_context_alloc")])
    func aLibheifThatCannotBeUsedFailsOnlyTheHEIF(library: String, reason: String) throws {
        let sandbox = try Self.sandbox()
        let result = try sandbox.run(["--json", "-r", "1:1", "-w", "64", "-o", "out/", "phone.heic", "photo.jpg"],
                                     environment: ["ASPECTFIT_LIBHEIF": library])
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("phone.heic") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.contains("HEIF needs libheif (\(library)), which could not be opened") == true, "\(result.stderr)")
        #expect(lines.first?.contains(reason) == true, "\(result.stderr)")
        let records = Dictionary(uniqueKeysWithValues: result.jsonLines.compactMap { record -> (String, [String: Any])? in
            guard let input = record["input"] as? String else { return nil }
            return (URL(fileURLWithPath: input).lastPathComponent, record)
        })
        #expect(records["phone.heic"]?["status"] as? String == "error")
        #expect((records["phone.heic"]?["error"] as? String)?.contains(reason) == true)
        #expect(records["photo.jpg"]?["status"] as? String == "ok")
        #expect(sandbox.files(under: "out") == ["photo.jpg"])
    }
}
