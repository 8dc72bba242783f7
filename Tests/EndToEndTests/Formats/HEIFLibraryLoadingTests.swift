import Foundation
import Testing
import TestSupport

/// libheif is opened by the first HEIF a process reads, not at start-up (its load-time constructor
/// initialises libde265's tables: half of the start of a process that never reads a HEIF).
/// `ASPECTFIT_LIBHEIF` names another libheif; one that cannot be opened, or lacks a function, fails
/// that HEIF with one clear line while the rest of the batch is written.
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
        #expect(!atStart.contains { $0.contains("libheif") }, "libheif opened for a JPEG: \(atStart)")

        let withHEIF = try sandbox.run(["-r", "1:1", "-w", "64", "-o", "heif/", "phone.heic"], environment: ["LD_DEBUG": "files"])
        try #require(withHEIF.status == 0, "\(withHEIF.stderr.suffix(400))")
        #expect(LoaderTrace.openedLibraries(withHEIF.stderr).contains { $0.contains("libheif.so.1") })
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
