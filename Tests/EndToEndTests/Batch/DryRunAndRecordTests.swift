import Foundation
import Testing
import TestSupport

/// Issue 10 item 6 and the JSON rough edges: `--dry-run` reports exactly what the run would,
/// failures included, from the header alone; error records carry what is known; names that are not
/// UTF-8 can be found again from their record.
@Suite struct DryRunAndRecordTests {
    /// The fields a dry run and a real run must agree on, per input.
    static func verdicts(_ result: CommandRunner.Result) -> [String: String] {
        var map: [String: String] = [:]
        for record in result.jsonLines where record["summary"] == nil {
            let status = record["status"] as? String ?? "?"
            map[record["input"] as? String ?? "?"] = status == "planned" || status == "ok" ? "done" : "error: \(record["error"] as? String ?? "")"
        }
        return map
    }

    @Test(.tags(.pipeline), arguments: [
        (["--max-pixels", "1000"], "in/a.jpg", "image is 227x149 (33823 pixels), over the limit of 1000 pixels"),
        (["--max-pixels", "33823"], nil, ""),   // exactly at the limit: accepted by both
        (["--max-file-size", "1K"], "in/a.jpg", "larger than the 1 KiB limit (--max-file-size)"),
        ([], "in/huge.png", "image is 16384x16384 (268435456 pixels), over the limit of 268402689 pixels"),
    ] as [([String], String?, String)])
    func dryRunFailsWhereTheRunFails(options: [String], failing: String?, message: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try sandbox.copy("bad/huge-valid-16384x16384.png", to: "in/huge.png")
        for mode in [["-o", "out/"], []] {   // a folder output (plans at run time) and beside the input (plans to name)
            let dry = try sandbox.run(options + mode + ["--dry-run", "--json", "-w", "50", "in/a.jpg"] + (failing == "in/huge.png" ? ["in/huge.png"] : []))
            let run = try sandbox.run(options + mode + ["--json", "-w", "50", "in/a.jpg"] + (failing == "in/huge.png" ? ["in/huge.png"] : []))
            #expect(Self.verdicts(dry) == Self.verdicts(run), "\(mode)")
            #expect(dry.status == run.status)
            if let failing {
                #expect(Self.verdicts(dry)[failing] == "error: \(message)", "\(dry.stdoutText)")
                #expect(dry.status == 1 && dry.stderr.contains("\(failing): \(message)"), "\(dry.stderr)")
            } else {
                #expect(dry.status == 0 && run.status == 0, "\(dry.stderr) \(run.stderr)")
            }
        }
    }

    /// Decode and limit errors: the header was read, so the source fields and the crop are filled.
    @Test(arguments: [
        (["-r", "square", "-w", "40"], Samples.truncated),
        (["-r", "square", "-w", "40", "--max-pixels", "100"], Samples.jpeg),
        (["-r", "square", "-w", "40", "--max-pixels", "100", "--dry-run"], Samples.rotated),
    ])
    func errorRecordsCarryWhatIsKnown(options: [String], corpusFile: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(corpusFile, to: "in.jpg")
        let truth = try #require(try sandbox.run(["--dry-run", "--json", "-r", "square", "-w", "40", "in.jpg"]).jsonLines.first)
        let result = try sandbox.run(options + ["--json", "-o", "out/", "in.jpg"])
        #expect(result.status == 1)
        let record = try #require(result.jsonLines.first)
        #expect(record["status"] as? String == "error")
        for field in ["source_width", "source_height", "source_format", "orientation", "output_width", "output_height"] {
            #expect(record[field] != nil && !(record[field] is NSNull), "\(field) is null")
            #expect("\(record[field] ?? "")" == "\(truth[field] ?? "-")", "\(field)")
        }
        let crop = try #require(record["crop"] as? [String: Any])
        #expect(crop["width"] as? Double == (truth["crop"] as? [String: Any])?["width"] as? Double)
        #expect(!sandbox.exists("out/in.jpg"))
    }

    /// A JPEG whose header is longer than the CLI's first read (four 64 KiB comment segments before
    /// the frame) plans as the same image without them; the run agrees.
    @Test func aLongJPEGHeaderIsReadToItsEnd() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Samples.rotated))))
        let comment: [UInt8] = [0xFF, 0xFE, 0xFF, 0xFF] + [UInt8](repeating: 0x41, count: 0xFFFD)
        let padded = Array(original[..<2]) + Array([[UInt8]](repeating: comment, count: 4).joined()) + Array(original[2...])
        try Data(original).write(to: sandbox.url("plain.jpg"))
        try Data(padded).write(to: sandbox.url("padded.jpg"))
        let plain = try #require(try sandbox.run(["--dry-run", "--json", "-w", "50", "-o", "o/", "plain.jpg"]).jsonLines.first)
        for options in [["--dry-run"], []] {
            let result = try sandbox.run(options + ["--json", "-w", "50", "-o", "o/", "padded.jpg"])
            #expect(result.status == 0, "\(result.stderr)")
            let record = try #require(result.jsonLines.first)
            for field in ["source_width", "source_height", "orientation", "output_width", "output_height"] {
                #expect("\(record[field] ?? "-")" == "\(plain[field] ?? "")", "\(field)")
            }
        }
    }

    /// A name that is not UTF-8 is shown with U+FFFD; `input_bytes`/`output_bytes` give its exact bytes.
    @Test func nonUTF8NamesCarryTheirExactBytes() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let name: [UInt8] = Array("in/p".utf8) + [0xFF, 0xFE, 0x80] + Array(".jpg".utf8)
        try FileManager.default.createDirectory(at: sandbox.url("in"), withIntermediateDirectories: true)
        let source = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Samples.jpeg)))
        // A Swift String would repair the bytes: create the file through the raw path.
        let fd = (sandbox.root.path.utf8CString.dropLast() + [CChar(47)] + name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644)
        }
        #expect(fd >= 0)
        source.withUnsafeBytes { _ = write(fd, $0.baseAddress!, source.count) }
        close(fd)
        let result = try sandbox.run(["--json", "-w", "20", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(result.jsonLines.first)
        #expect(record["input_bytes"] as? String == Data(name).base64EncodedString())
        #expect(record["output_bytes"] as? String == Data(Array("out/p".utf8) + [0xFF, 0xFE, 0x80] + Array(".jpg".utf8)).base64EncodedString())
        #expect((record["input"] as? String)?.contains("\u{FFFD}") == true)
        try sandbox.copy(Samples.jpeg, to: "plain/é.jpg")
        let plain = try #require(try sandbox.run(["--json", "--dry-run", "-w", "20", "-o", "out2/", "plain"]).jsonLines.first)
        #expect(plain["input"] as? String == "plain/é.jpg")
        #expect(plain["input_bytes"] == nil && plain["output_bytes"] == nil)
    }
}
