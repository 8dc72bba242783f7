import Foundation
import Testing
import TestSupport

/// Every file of the corpus meets its MANIFEST verdict (`decode`: written; `reject`: one error line,
/// no output) through the real binary, identity, resized and with corners, to JPEG and to PNG; and
/// the ICC set comes out through every metadata path. The listing must not be empty: a vanished or
/// unreadable MANIFEST fails the test instead of passing it vacuously.
@Suite(.tags(.pipeline)) struct ManifestVerdictTests {
    static let shapes: [(String, [String])] = [("identity", []), ("resized", ["-r", "4:3", "-w", "64"]),
                                                ("cornered", ["-r", "1:1", "-w", "48", "--radius", "20%"])]

    @Test(arguments: ["jpeg", "png"])
    func everyCorpusFileMeetsItsVerdict(_ format: String) throws {
        guard try Corpus.require() else { return }
        let entries = Corpus.manifest().filter { $0.expected == "decode" || $0.expected == "reject" }
        #expect(entries.count >= 300, "MANIFEST.tsv lists \(entries.count) images: the corpus listing is incomplete")
        #expect(entries.filter { $0.expected == "reject" }.count >= 50)
        let sandbox = try Sandbox()
        let list = entries.map { Corpus.path($0.path) }.joined(separator: "\0")
        try list.write(to: sandbox.url("list"), atomically: true, encoding: .utf8)
        for (shape, arguments) in Self.shapes {
            let result = try sandbox.run(["--json", "-f", format, "--files-from", "list", "-0", "--no-progress",
                                          "-o", "\(shape)/{name}-{w}.{ext}"] + arguments)
            var verdicts: [String: String] = [:]
            for line in result.jsonLines {
                if let input = line["input"] as? String, let status = line["status"] as? String { verdicts[input] = status }
            }
            #expect(verdicts.count == entries.count, "\(shape) \(format): \(verdicts.count) reports for \(entries.count) inputs")
            for entry in entries {
                let status = verdicts[Corpus.path(entry.path)]
                let wanted = entry.expected == "decode" ? "ok" : "error"
                #expect(status == wanted, "\(entry.path) \(shape) -> \(format): \(status ?? "no report"), MANIFEST says \(entry.expected)")
            }
            #expect(result.status == 1, "rejects make the run exit 1")
            let written = sandbox.files(under: shape)
            #expect(written.count == entries.filter { $0.expected == "decode" }.count, "\(shape) \(format): no output for a reject")
            #expect(!written.contains { $0.contains(".tmp") }, "no temporary left behind")
        }
    }

    /// The ICC set (profiles libpng's writer dislikes, profiles that do not fit the pixels) through
    /// every output path: PNG and JPEG, corners, --keep-metadata, --strip, identity and resized.
    @Test func everyICCFileComesOutThroughEveryPath() throws {
        guard try Corpus.require() else { return }
        let files = Corpus.files(in: "icc", withExtensions: ["jpg", "png"])
            + [Corpus.path("jpeg/icc-prophoto.jpg"), Corpus.path("png-extra/iccp-prophoto-1x1.png")]
        #expect(files.count >= 14)
        let sandbox = try Sandbox()
        var run = 0
        for format in ["jpeg", "png"] {
            for corners in [[], ["--radius", "12%"]] {
                for metadata in [[], ["--keep-metadata"], ["--strip"]] {
                    for size in [[], ["-r", "3:2", "-w", "90"]] {
                        run += 1
                        let arguments = ["--json", "-f", format, "-o", "out\(run)/"] + corners + metadata + size + files
                        let result = try sandbox.run(arguments)
                        #expect(result.status == 0, "\(arguments.dropFirst(4)): \(result.stderr)")
                        let oks = result.jsonLines.filter { $0["status"] as? String == "ok" }
                        #expect(oks.count == files.count, "\(arguments.dropFirst(4))")
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
