import Foundation
import Testing
import TestSupport

/// Batches: JSON reports, dry runs, failures, shards, parallelism, resuming, interruption.
@Suite struct BatchTests {
    /// A sandbox with a small mixed batch in `in/`.
    static func mixedBatch() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try sandbox.copy(Samples.png, to: "in/b.png")
        try sandbox.copy(Samples.rotated, to: "in/c.jpg")
        try sandbox.copy("exif-orientation/Portrait_3.jpg", to: "in/d.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/e f.jpg")
        return sandbox
    }

    @Test func jsonLinesParseAndMatchTheWrittenFiles() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        let result = try sandbox.run(["--json", "-r", "4:3", "-w", "64", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.jsonLines
        #expect(lines.count == 6)
        let records = lines.dropLast()
        #expect(records.map { $0["input"] as? String } == ["in/a.jpg", "in/b.png", "in/c.jpg", "in/d.jpg", "in/e f.jpg"])
        for record in records {
            #expect(record["status"] as? String == "ok")
            #expect(record["error"] is NSNull)
            let output = try #require(record["output"] as? String)
            let size = try sandbox.data(output).count
            #expect(record["bytes"] as? Int == size)
            #expect(record["output_width"] as? Int == 64)
            #expect(record["output_height"] as? Int == 48)
            for key in ["source_width", "source_height", "source_format", "orientation", "crop", "output_format", "decode_scale", "box_reduction", "chroma_repeated", "milliseconds", "warnings"] {
                #expect(record[key] != nil, "missing \(key)")
            }
            let crop = try #require(record["crop"] as? [String: Any])
            #expect(Set(crop.keys) == ["x", "y", "width", "height"])
        }
        let summary = try #require(lines.last)
        #expect(summary["summary"] as? Bool == true)
        #expect(summary["total"] as? Int == 5)
        #expect(summary["ok"] as? Int == 5)
        #expect(summary["failed"] as? Int == 0)
        #expect(summary["skipped"] as? Int == 0)
        #expect(summary["milliseconds"] is Double || summary["milliseconds"] is Int)
    }

    @Test(.tags(.pipeline)) func jsonSizesMatchTheWrittenImages() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        let result = try sandbox.run(["--json", "-r", "4:3", "-w", "64", "-o", "out/", "in"])
        #expect(result.status == 0)
        for record in result.jsonLines.dropLast() {
            let output = try #require(record["output"] as? String)
            let header = try #require(ImageHeader(file: sandbox.url(output)))
            #expect(header.width == record["output_width"] as? Int)
            #expect(header.height == record["output_height"] as? Int)
            #expect(header.format == record["output_format"] as? String)
        }
        let rotated = try #require(result.jsonLines.first { ($0["input"] as? String) == "in/c.jpg" })
        #expect(rotated["orientation"] as? Int == 6)
    }

    @Test func dryRunWritesNothing() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        let result = try sandbox.run(["--dry-run", "-r", "4:3", "-w", "64", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.split(separator: "\n").count == 5)
        #expect(result.stdoutText.contains("in/a.jpg -> out/a.jpg: 227x149 jpeg"))
        #expect(!sandbox.exists("out"))
        let json = try sandbox.run(["--dry-run", "--json", "-r", "4:3", "-w", "64", "-o", "out/", "in"])
        #expect(json.jsonLines.dropLast().allSatisfy { $0["status"] as? String == "planned" && $0["output_width"] as? Int == 64 })
        #expect(!sandbox.exists("out"))
    }

    @Test func aCorruptFileFailsAloneAndTheBatchGoesOn() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        try sandbox.copy(Samples.truncated, to: "in/broken.jpg")
        let result = try sandbox.run(["--json", "-r", "1:1", "-w", "32", "-o", "out/", "in", "missing.jpg"])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("aspectfit: in/broken.jpg: ") || $0.hasPrefix("aspectfit: missing.jpg: ") }
        #expect(errors.count == 2, "\(result.stderr)")
        #expect(sandbox.files(under: "out") == ["a.jpg", "b.png", "c.jpg", "d.jpg", "e f.jpg"])
        let failed = result.jsonLines.filter { $0["status"] as? String == "error" }
        #expect(failed.count == 2)
        #expect(failed.allSatisfy { ($0["error"] as? String)?.isEmpty == false })
        #expect(result.jsonLines.last?["failed"] as? Int == 2)
    }

    @Test(.tags(.pipeline)) func failOnNoneAcceptsDamageWithAWarning() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.truncated, to: "broken.jpg")
        let result = try sandbox.run(["--fail-on", "none", "--json", "-r", "1:1", "-w", "32", "-o", "out/", "broken.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: broken.jpg: warning: "), "\(result.stderr)")
        let record = try #require(result.jsonLines.first)
        #expect((record["warnings"] as? [String])?.isEmpty == false)
        #expect(ImageHeader(file: sandbox.url("out/broken.jpg")) == ImageHeader(format: "jpeg", width: 32, height: 32))
    }

    @Test func shardsTogetherMakeExactlyTheFullRun() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        try sandbox.copy(Samples.png, to: "in/g.png")
        try sandbox.copy(Samples.jpeg, to: "in/h.jpg")
        let full = try sandbox.run(["-r", "3:2", "-w", "48", "-o", "full/", "in"])
        #expect(full.status == 0)
        let expected = sandbox.files(under: "full")
        #expect(expected.count == 7)
        var seen: [String] = []
        for k in 1...3 {
            let part = try sandbox.run(["--shard", "\(k)/3", "-r", "3:2", "-w", "48", "-o", "shard\(k)/", "in"])
            #expect(part.status == 0, "\(part.stderr)")
            let files = sandbox.files(under: "shard\(k)")
            #expect(!files.isEmpty)
            for file in files { #expect(try Bytes(sandbox.data("shard\(k)/\(file)")) == Bytes(sandbox.data("full/\(file)"))) }
            seen += files
        }
        #expect(seen.sorted() == expected)
    }

    @Test func oneJobAndFourJobsWriteTheSameBytes() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        let one = try sandbox.run(["-j", "1", "--json", "-r", "1:1", "-w", "40", "--radius", "8", "-o", "j1/", "in"])
        let four = try sandbox.run(["-j", "4", "--json", "-r", "1:1", "-w", "40", "--radius", "8", "-o", "j4/", "in"])
        #expect(one.status == 0 && four.status == 0)
        let files = sandbox.files(under: "j1")
        #expect(files == sandbox.files(under: "j4") && files.count == 5)
        for file in files { #expect(try Bytes(sandbox.data("j1/\(file)")) == Bytes(sandbox.data("j4/\(file)"))) }
        // Reports come in input order whatever the number of jobs.
        #expect(one.jsonLines.dropLast().map { $0["input"] as? String } == four.jsonLines.dropLast().map { $0["input"] as? String })
    }

    @Test func skipExistingResumesABatch() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        #expect(try sandbox.run(["-r", "1:1", "-w", "20", "-o", "out/", "in/a.jpg", "in/b.png"]).status == 0)
        let result = try sandbox.run(["--skip-existing", "--json", "-r", "1:1", "-w", "20", "-o", "out/", "in"])
        #expect(result.status == 0)
        let statuses = result.jsonLines.dropLast().map { $0["status"] as? String }
        #expect(statuses == ["skipped", "skipped", "ok", "ok", "ok"])
        #expect(sandbox.files(under: "out").count == 5)
    }

    @Test func aClosedStandardOutputEndsQuietly() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.mixedBatch()
        let script = "'\(CommandRunner.binary.path)' --json -r 1:1 -w 16 -o out/ in | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\""
        let process = Process()
        process.executableURL = try ExternalTool.url("bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = sandbox.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let result = CommandRunner.finish(process, out, err)
        let status = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(["0", "141"].contains(status))
        // Quiet when the reader went away (141, even when only the report's end met the closed
        // pipe); a batch whose report all went out first ends with its summary line.
        #expect(result.stderr.isEmpty || (status == "0" && result.stderr.hasPrefix("aspectfit: 5 written, 0 failed")), "\(result.stderr)")
        #expect(sandbox.files(under: "out").allSatisfy { !$0.contains(".tmp") })
    }

    @Test func interruptLeavesNoPartialFilesAndExits130() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let original = try sandbox.copy(Samples.landscape, to: "original.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("in"), withIntermediateDirectories: true)
        for i in 0..<1000 {   // hard links: a big batch without copying megabytes
            try FileManager.default.linkItem(at: original, to: sandbox.url("in/img\(i).jpg"))
        }
        let (process, out, err) = try CommandRunner.start(["-j", "2", "--json", "-r", "1:1", "-w", "64", "-o", "out/", "in"], in: sandbox.root)
        let deadline = Date().addingTimeInterval(30)
        while sandbox.files(under: "out").allSatisfy({ $0.hasPrefix(".") }) && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        process.interrupt()
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 130, "\(result.stderr)")
        let written = sandbox.files(under: "out")
        #expect(!written.isEmpty && written.count < 1000)
        #expect(written.allSatisfy { !$0.hasPrefix(".") && !$0.hasSuffix(".tmp") }, "\(written.filter { $0.hasPrefix(".") })")
        let lines = result.jsonLines
        let summary = try #require(lines.last)
        #expect(summary["interrupted"] as? Bool == true)
        #expect(summary["total"] as? Int == 1000)
        // Every reported output is complete: its size is what the report says.
        let records = lines.dropLast().filter { $0["status"] as? String == "ok" }
        #expect(records.count == written.count)
        #expect(lines.count == 1001)   // every input has a record: ok, not_finished or not_started
        for record in records {
            let output = try #require(record["output"] as? String)
            #expect(try sandbox.data(output).count == record["bytes"] as? Int)
        }
        #expect(result.stderr.contains("interrupted"))
    }
}
