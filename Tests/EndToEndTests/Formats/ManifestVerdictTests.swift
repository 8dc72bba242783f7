import Foundation
import Testing
import TestSupport

/// Every file of the corpus meets its MANIFEST verdict (`decode`: written; `reject`: one error line,
/// no output) through the real binary, identity, resized and with corners, to each written format; and
/// the ICC set comes out through every metadata path. The listing must not be empty: a vanished or
/// unreadable MANIFEST fails the test instead of passing it vacuously.
@Suite(.tags(.pipeline)) struct ManifestVerdictTests {
    static let shapes: [(String, [String])] = [("identity", []), ("resized", ["-r", "4:3", "-w", "64"]),
                                                ("cornered", ["-r", "1:1", "-w", "48", "--radius", "20%"])]

    @Test(arguments: ["jpeg", "png", "webp", "avif"])
    func everyCorpusFileMeetsItsVerdict(_ format: String) throws {
        guard try Corpus.require() else { return }
        let entries = Corpus.manifest().filter { $0.expected == "decode" || $0.expected == "reject" }
        #expect(entries.count >= 300, "MANIFEST.tsv lists \(entries.count) images: the corpus listing is incomplete")
        #expect(entries.filter { $0.expected == "reject" }.count >= 50)
        let sandbox = try Sandbox()
        // one run per input extension, so x.jpg and x.png in one folder write different outputs
        let groups = Dictionary(grouping: entries) { ($0.path as NSString).pathExtension.lowercased() }
        for (shape, arguments) in Self.shapes {
            var verdicts: [String: String] = [:]
            for (ext, group) in groups {
                try group.map { Corpus.path($0.path) }.joined(separator: "\n")
                    .write(to: sandbox.url("list-\(ext)"), atomically: true, encoding: .utf8)
                let result = try sandbox.run(["--json", "-f", format, "--files-from", "list-\(ext)", "--no-progress",
                                              "-o", "\(shape)/\(ext)/{dir}/{name}.{ext}"] + arguments)
                #expect(result.status == (group.contains { $0.expected == "reject" } ? 1 : 0), "\(shape) \(ext): \(result.stderr)")
                for line in result.jsonLines {
                    if let input = line["input"] as? String, let status = line["status"] as? String { verdicts[input] = status }
                }
            }
            #expect(verdicts.count == entries.count, "\(shape) \(format): \(verdicts.count) reports for \(entries.count) inputs")
            for entry in entries {
                let status = verdicts[Corpus.path(entry.path)]
                let wanted = entry.expected == "decode" ? "ok" : "error"
                #expect(status == wanted, "\(entry.path) \(shape) -> \(format): \(status ?? "no report"), MANIFEST says \(entry.expected)")
            }
            let written = sandbox.files(under: shape)
            #expect(written.count == entries.filter { $0.expected == "decode" }.count, "\(shape) \(format): no output for a reject")
            #expect(!written.contains { $0.contains(".tmp") }, "no temporary left behind")
        }
    }

    /// The ICC set (profiles libpng's writer dislikes, profiles that do not fit the pixels) through
    /// every output path: each written format, corners, --keep-metadata, --strip, identity and resized.
    @Test func everyICCFileComesOutThroughEveryPath() throws {
        guard try Corpus.require() else { return }
        let files = Corpus.files(in: "icc", withExtensions: ["jpg", "png"])
            + [Corpus.path("jpeg/icc-prophoto.jpg"), Corpus.path("png-extra/iccp-prophoto-1x1.png")]
        #expect(files.count >= 14)
        let sandbox = try Sandbox()
        var run = 0
        for format in ["jpeg", "png", "webp", "avif"] {
            for corners in [[], ["--radius", "12%"]] {
                for metadata in [[], ["--keep-metadata"], ["--strip"]] {
                    for size in [[], ["-r", "3:2", "-w", "90"]] {
                        run += 1
                        let options = corners + metadata + size
                        // two runs, so icc/x.jpg and icc/x.png write different outputs
                        let lines = try [".jpg", ".png"].flatMap { ext in
                            let result = try sandbox.run(["--json", "-f", format, "-o", "out\(run)-\(ext.dropFirst())/"] + options
                                                         + files.filter { $0.hasSuffix(ext) })
                            #expect(result.status == 0, "\(format) \(options): \(result.stderr)")
                            return result.jsonLines
                        }
                        let oks = lines.filter { $0["status"] as? String == "ok" }
                        #expect(oks.count == files.count, "\(format) \(options)")
                        for line in oks {
                            let warnings = (line["warnings"] as? [String]) ?? []
                            #expect(warnings.filter { $0.contains("ICC") || $0.contains("iCCP") }.count <= 1,
                                    "\(line["input"] ?? ""): \(warnings)")
                            if metadata == ["--strip"] { #expect(!warnings.contains { $0.contains("ICC") }) }
                        }
                    }
                }
            }
        }
    }
}
