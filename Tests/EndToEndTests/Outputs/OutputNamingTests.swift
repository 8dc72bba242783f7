import Foundation
import Testing
import TestSupport

/// Issue 10 items 1, 4, 5, 9: an output name's extension decides the format (templates as plain
/// names), names we cannot write are refused, `{ratio}` is the requested ratio, a template ending
/// in `/` is a folder. The oracle is the written file's own magic bytes and header (`ImageHeader`).
@Suite struct OutputNamingTests {
    /// Every file under `dir`: its extension names the format its bytes hold.
    static func expectExtensionsMatchBytes(_ sandbox: Sandbox, under dir: String) {
        for file in sandbox.files(under: dir) {
            let header = ImageHeader(file: sandbox.url(dir).appendingPathComponent(file))
            let ext = (file as NSString).pathExtension.lowercased()
            let expected = ["jpg": "jpeg", "jpeg": "jpeg", "jpe": "jpeg", "jfif": "jpeg", "png": "png"][ext]
            #expect(header?.format == expected, "\(file) holds \(header?.format ?? "no image")")
        }
    }

    @Test(.tags(.pipeline), arguments: [
        // (arguments, the file written, its format)
        (["-r", "square", "-w", "50", "-o", "t/{name}.png"], "t/h.png", "png"),
        (["--radius", "10", "-o", "t/{name}.jpg"], "t/h.jpg", "jpeg"),
        (["--radius", "10", "-o", "t/{name}-{w}x{h}.JPEG"], "t/h-227x149.JPEG", "jpeg"),
        (["-r", "square", "-w", "50", "-o", "t/{name}.jfif"], "t/h.jfif", "jpeg"),
        (["-r", "square", "-w", "50", "-o", "t/{name}.jpe"], "t/h.jpe", "jpeg"),
        (["-r", "square", "-w", "50", "-o", "thumb.jfif"], "thumb.jfif", "jpeg"),
        (["-r", "square", "-w", "50", "-f", "png", "-o", "t/{name}.png"], "t/h.png", "png"),
        (["--radius", "10", "-o", "t/{name}.{ext}"], "t/h.png", "png"),
    ])
    func templateExtensionDecidesTheFormat(arguments: [String], written: String, format: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "h.jpg")
        let result = try sandbox.run(arguments + ["h.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ImageHeader(file: sandbox.url(written))?.format == format)
        Self.expectExtensionsMatchBytes(sandbox, under: ".")
    }

    @Test(arguments: [
        ["-f", "png", "-o", "t/{name}-b.jpg"],
        ["-f", "jpeg", "-o", "t/{name}.png"],
        ["-f", "jpg", "-o", "{dir}/{name}.PNG"],
        ["-f", "png", "-o", "z.jpg"],
        ["-f", "jpeg", "-o", "z.png"],
    ])
    func formatContradictingTheNameIsAUsageError(arguments: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "h.jpg")
        let result = try sandbox.run(arguments + ["h.jpg"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("conflicts with the output name"), "\(result.stderr)")
        #expect(sandbox.files(under: ".") == ["h.jpg"])
    }

    @Test(arguments: ["thumb.bmp", "thumb.tiff", "thumb.TIF", "thumb.heic", "t/{name}.jxl", "t/{name}-{w}.heic"])
    func unwritableImageExtensionIsAUsageError(output: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "h.jpg")
        let result = try sandbox.run(["-r", "square", "-w", "50", "-o", output, "h.jpg"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write"), "\(result.stderr)")
        #expect(sandbox.files(under: ".") == ["h.jpg"])
        #expect(!sandbox.exists("t"))
    }

    @Test func anExistingFolderWithAnImageNameStaysAFolder() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "h.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("shots.gif"), withIntermediateDirectories: true)
        let result = try sandbox.run(["-r", "square", "-w", "50", "-o", "shots.gif", "h.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "shots.gif") == ["h.jpg"])
    }

    /// `{ratio}` is what was asked for, the same at every width (today's bug: `100x67`, `3x2`, `25x13`).
    @Test(arguments: [
        (["-r", "3:2", "-w", "100"], "3x2"), (["-r", "3:2", "-w", "300"], "3x2"), (["-r", "3:2", "-w", "7"], "3x2"),
        (["-r", "og", "-w", "100"], "1.91x1"), (["-r", "openGraph", "-w", "1200"], "1.91x1"),
        (["-r", "16:10", "-H", "33"], "16x10"), (["-r", "1.5", "--max", "77"], "1.5x1"),
        (["-s", "800x600"], "4x3"), (["-s", "101x50"], "101x50"),
        (["-w", "100"], "227x149"),   // no ratio asked: the source's own shape (227x149 is already reduced)
    ])
    func ratioPlaceholderIsTheRequestedRatio(arguments: [String], expected: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "h.jpg")
        let result = try sandbox.run(arguments + ["-o", "r/{name}-{ratio}.{ext}", "h.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "r") == ["h-\(expected).jpg"])
    }

    @Test func ratioOfAnUprightSourceUsesItsUprightShape() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.rotated, to: "p.jpg")   // stored 1200x1800 with EXIF 6: upright 1800x1200
        let probe = try sandbox.run(["--json", "--dry-run", "p.jpg"])
        let record = try #require(probe.jsonLines.first)
        let (w, h) = (try #require(record["source_width"] as? Int), try #require(record["source_height"] as? Int))
        #expect(w > h)
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let result = try sandbox.run(["-w", "50", "-o", "r/{ratio}.{ext}", "p.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "r") == ["\(w / gcd(w, h))x\(h / gcd(w, h)).jpg"])
    }

    /// A template ending in `/` is a folder (with `{rel}/{name}.{ext}` below it), never a file.
    @Test func templateEndingInSlashIsAFolder() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/h.jpg")
        try sandbox.copy(Samples.png, to: "in/sub/t.png")
        let flat = try sandbox.run(["-r", "square", "-w", "50", "-o", "ts/{w}x{h}/", "in/h.jpg"])
        #expect(flat.status == 0, "\(flat.stderr)")
        #expect(sandbox.files(under: "ts") == ["50x50/h.jpg"])
        let tree = try sandbox.run(["-R", "-r", "square", "-w", "40", "-o", "tr/{ratio}/", "in"])
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(sandbox.files(under: "tr") == ["1x1/h.jpg", "1x1/sub/t.png"])
        Self.expectExtensionsMatchBytes(sandbox, under: ".")
    }

    /// A template ending in `{rel}` (or `{rel}/`) mirrors the walked tree: `{name}.{ext}` goes below
    /// `{rel}`, whose top level is the folder itself, and a trailing `/` adds no second `{rel}`.
    @Test(arguments: ["m/{rel}", "m/{rel}/", "m/{w}/{rel}"])
    func aTemplateEndingInRelMirrorsTheTree(_ template: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/h.jpg")
        try sandbox.copy(Samples.png, to: "in/sub/t.png")
        try sandbox.copy(Samples.jpeg, to: "in/sub/deeper/d.jpg")
        let result = try sandbox.run(["-R", "-r", "square", "-w", "40", "-o", template, "in"])
        #expect(result.status == 0, "\(template): \(result.stderr)")
        let folder = template.hasPrefix("m/{w}") ? "m/40/" : "m/"
        #expect(sandbox.files(under: "m") == ["h.jpg", "sub/deeper/d.jpg", "sub/t.png"].map { String((folder + $0).dropFirst(2)) },
                "\(template)")
        let direct = try sandbox.run(["-r", "square", "-w", "40", "-o", template.replacingOccurrences(of: "m/", with: "n/"), "in/sub/t.png"])
        #expect(direct.status == 0, "\(template) with a file given directly: \(direct.stderr)")
        #expect(sandbox.files(under: "n") == [String((folder + "t.png").dropFirst(2))], "\(template)")
        Self.expectExtensionsMatchBytes(sandbox, under: ".")
    }
}
