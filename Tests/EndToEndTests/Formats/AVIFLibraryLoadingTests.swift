import Foundation
import Testing
import TestSupport

/// libavif is opened by the first AVIF a process reads or writes, not at start-up: linked, it and the
/// AV1 codecs behind it cost every process its relocations. `ASPECTFIT_LIBAVIF` names another libavif;
/// one that cannot be opened, or lacks a function, fails each AVIF read or write (an AV1 HEIF too) with
/// one clear line while the rest of the batch is written.
@Suite(.tags(.pipeline)) struct AVIFLibraryLoadingTests {
    static let av1HEIF = "Tests/HEIFGridSet/av1-still-mif1.heic"
    static let jpeg = "samples/harvesters.jpg"

    /// The sandbox with a JPEG, an AV1 HEIF and an AVIF written from the JPEG by a process of its own.
    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        for (file, name) in [(av1HEIF, "av1.heic"), (jpeg, "photo.jpg")] {
            try Data(contentsOf: Corpus.projectRoot.appendingPathComponent(file)).write(to: sandbox.url(name))
        }
        let made = try sandbox.run(["-r", "4:3", "-w", "96", "-f", "avif", "-o", "photo.avif", "photo.jpg"])
        try #require(made.status == 0, "\(made.stderr)")
        return sandbox
    }

    @Test func libavifIsOpenedOnlyByAnAVIFReadOrWritten() throws {
        let sandbox = try Self.sandbox()
        let jpegOnly = try sandbox.run(["-r", "1:1", "-w", "64", "-o", "jpeg/", "photo.jpg"], environment: ["LD_DEBUG": "files"])
        try #require(jpegOnly.status == 0, "\(jpegOnly.stderr.suffix(400))")
        let atStart = LoaderTrace.openedLibraries(jpegOnly.stderr)
        #expect(atStart.contains { $0.contains("libjpeg") }, "the loader's lines were read: \(atStart)")
        for library in ["libavif", "libaom", "libdav1d"] {
            #expect(!atStart.contains { $0.contains(library) }, "\(library) opened for a JPEG: \(atStart)")
        }
        for (arguments, what) in [(["-f", "avif", "-o", "written/", "photo.jpg"], "a JPEG written as AVIF"),
                                  (["-f", "png", "-o", "read/", "photo.avif"], "an AVIF read"),
                                  (["-f", "png", "-o", "heif/", "av1.heic"], "an AV1 HEIF read")] {
            let run = try sandbox.run(["-r", "1:1", "-w", "64"] + arguments, environment: ["LD_DEBUG": "files"])
            try #require(run.status == 0, "\(what): \(run.stderr.suffix(400))")
            #expect(LoaderTrace.openedLibraries(run.stderr).contains { $0.contains("libavif.so") }, "\(what)")
        }
    }

    @Test func aNamedLibavifWritesAndReadsAsTheDefault() throws {
        let sandbox = try Self.sandbox()
        let found = try sandbox.run(["-r", "5:7", "-w", "72", "-f", "avif", "-o", "default/", "photo.jpg"],
                                    environment: ["LD_DEBUG": "files"])
        try #require(found.status == 0)
        let path = try #require(LoaderTrace.openedPath(of: "libavif", in: found.stderr))
        #expect(path.hasPrefix("/"), "\(path)")
        let named = try sandbox.run(["-r", "5:7", "-w", "72", "-f", "avif", "-o", "named/", "photo.jpg"],
                                    environment: ["ASPECTFIT_LIBAVIF": path])
        try #require(named.status == 0, "\(named.stderr)")
        #expect(try sandbox.data("named/photo.avif") == sandbox.data("default/photo.avif"))
        for (folder, environment) in [("read-default/", [String: String]()), ("read-named/", ["ASPECTFIT_LIBAVIF": path])] {
            let read = try sandbox.run(["-r", "5:7", "-w", "72", "-f", "png", "-o", folder, "photo.avif"], environment: environment)
            try #require(read.status == 0, "\(read.stderr)")
        }
        #expect(try sandbox.data("read-named/photo.png") == sandbox.data("read-default/photo.png"))
    }

    @Test(arguments: [("/nonexistent/libavif.so.15", "cannot open shared object file"),
                      ("libjpeg.so.62", "has no avifCodecName")])
    func aLibavifThatCannotBeUsedFailsOnlyTheAVIFs(library: String, reason: String) throws {
        let sandbox = try Self.sandbox()
        let expected = "AVIF needs libavif (\(library)), which could not be opened"
        let reads = try sandbox.run(["--json", "-r", "1:1", "-w", "64", "-o", "out/", "photo.avif", "av1.heic", "photo.jpg"],
                                    environment: ["ASPECTFIT_LIBAVIF": library])
        #expect(reads.status != 0)
        for input in ["photo.avif", "av1.heic"] {
            let lines = reads.stderr.split(separator: "\n").filter { $0.contains(input) }
            #expect(lines.count == 1, "\(reads.stderr)")
            #expect(lines.first?.contains(expected) == true && lines.first?.contains(reason) == true, "\(reads.stderr)")
        }
        let records = Dictionary(uniqueKeysWithValues: reads.jsonLines.compactMap { record -> (String, [String: Any])? in
            guard let input = record["input"] as? String else { return nil }
            return (URL(fileURLWithPath: input).lastPathComponent, record)
        })
        for input in ["photo.avif", "av1.heic"] {
            #expect(records[input]?["status"] as? String == "error")
            #expect((records[input]?["error"] as? String)?.contains(reason) == true)
        }
        #expect(records["photo.jpg"]?["status"] as? String == "ok")
        #expect(sandbox.files(under: "out") == ["photo.jpg"])

        let write = try sandbox.run(["-r", "1:1", "-w", "64", "-f", "avif", "-o", "written/", "photo.jpg"],
                                    environment: ["ASPECTFIT_LIBAVIF": library])
        #expect(write.status != 0)
        let lines = write.stderr.split(separator: "\n").filter { $0.contains("photo.jpg") }
        #expect(lines.count == 1 && lines.first?.contains(expected) == true && lines.first?.contains(reason) == true, "\(write.stderr)")
        #expect(sandbox.files(under: "written").isEmpty)
    }
}
