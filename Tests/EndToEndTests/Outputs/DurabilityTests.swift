#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Outputs are synced and renamed in groups (`SyncGroup`): each output's data reaches the disk before
/// its rename unless `--no-sync`, each failure stays with its own input, and an interrupted group
/// leaves no temporary. The syscalls are watched from outside the process, with strace.
@Suite struct DurabilityTests {
    /// One traced run's syncs and renames, in the order the kernel saw them: the last path
    /// component of each fdatasync/fsync's file (strace -y) and of each rename's source.
    struct Trace {
        var syncedFiles: [String] = []
        var writebacks = 0
        var renames: [(from: String, syncedBefore: Bool)] = []

        init(_ text: String) {
            var synced: Set<String> = []
            for line in text.split(separator: "\n") {
                func lastComponent(of field: Substring) -> String { String(field.split(separator: "/").last ?? field) }
                if line.contains("fdatasync(") || line.contains("fsync(") {
                    guard let open = line.firstIndex(of: "<"), let close = line[open...].firstIndex(of: ">") else { continue }
                    let name = lastComponent(of: line[line.index(after: open)..<close])
                    syncedFiles.append(name)
                    synced.insert(name)
                } else if line.contains("sync_file_range(") {
                    writebacks += 1
                } else if line.contains("rename"), let quote = line.firstIndex(of: "\"") {
                    let rest = line[line.index(after: quote)...]
                    guard let end = rest.firstIndex(of: "\"") else { continue }
                    let name = lastComponent(of: rest[..<end])
                    renames.append((name, synced.contains(name)))
                }
            }
        }
    }

    /// Runs the binary under strace in `sandbox`, watching its syncs and renames.
    static func traced(_ sandbox: Sandbox, _ arguments: [String]) throws -> (result: CommandRunner.Result, trace: Trace) {
        let (result, log) = try straced(sandbox, arguments, calls: "fdatasync,fsync,sync_file_range,rename,renameat,renameat2")
        return (result, Trace(log))
    }

    /// Runs the binary under strace in `sandbox`, following its threads: the log of `calls`.
    static func straced(_ sandbox: Sandbox, _ arguments: [String], calls: String) throws -> (result: CommandRunner.Result, log: String) {
        let strace = try ExternalTool.url("strace")
        let log = sandbox.url("strace.log").path
        // LeakSanitizer cannot run under ptrace: with an ASan build (scripts/ci/sanitize.sh) it is off here.
        let asan = (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        let (process, out, err) = try CommandRunner.start(
            ["-f", "-y", "-qq", "-o", log, "-e", "trace=\(calls)", CommandRunner.binary.path] + arguments,
            in: sandbox.root, executable: strace, environment: ["ASAN_OPTIONS": asan])
        let result = CommandRunner.finish(process, out, err)
        return (result, try String(contentsOfFile: log, encoding: .utf8))
    }

    @Test func everyOutputIsSyncedBeforeItsRenameByDefault() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 40)
        let (result, trace) = try Self.traced(sandbox, ["-j", "2", "-r", "1:1", "-w", "24", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out").count == 40)
        #expect(trace.renames.count == 40)
        #expect(trace.renames.allSatisfy { OutputScan.isTemporary($0.from) && $0.syncedBefore },
                "renamed before its fdatasync: \(trace.renames.filter { !$0.syncedBefore }.map(\.from))")
        #expect(Set(trace.syncedFiles.filter(OutputScan.isTemporary)).count == 40, "\(trace.syncedFiles)")
    }

    @Test func noSyncSkipsEverySync() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 20)
        let (result, trace) = try Self.traced(sandbox, ["--no-sync", "-j", "2", "-r", "1:1", "-w", "24", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out").count == 20)
        #expect(OutputScan.incomplete(in: sandbox, under: "out").isEmpty)
        // still atomic: each output is written to a temporary and renamed into place
        #expect(trace.renames.count == 20 && trace.renames.allSatisfy { OutputScan.isTemporary($0.from) })
        #expect(trace.syncedFiles.isEmpty && trace.writebacks == 0, "\(trace.syncedFiles), \(trace.writebacks) sync_file_range")
    }

    /// One job, so its outputs share groups: a rename that fails (a directory holds the output's
    /// name) and a temporary that cannot be created (a file where its folder should be) fail only
    /// their own inputs, reported in input order, and leave no temporary.
    @Test(arguments: [[], ["--no-sync"]])
    func failuresInsideAGroupStayWithTheirInputs(extra: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 30)
        let renameFails = [3, 17]
        let createFails = [9, 28]
        for i in renameFails { try sandbox.write("keeps the directory non-empty", to: "out/img\(String(format: "%03d", i)).jpg/x") }
        for i in createFails {
            try FileManager.default.createDirectory(at: sandbox.url("in/sub\(i)"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: sandbox.url("in/img\(String(format: "%03d", i)).jpg"), to: sandbox.url("in/sub\(i)/x.jpg"))
            try sandbox.write("in the way", to: "out/sub\(i)")
        }
        let result = try sandbox.run(extra + ["--json", "-j", "1", "-R", "-r", "1:1", "-w", "24", "-o", "out/", "in"])
        #expect(result.status == 1, "\(result.stderr)")
        let records = result.jsonLines.filter { $0["input"] != nil }
        let inputs = records.compactMap { $0["input"] as? String }
        #expect(inputs == inputs.sorted() && inputs.count == 30, "\(inputs)")
        let failed = records.filter { $0["status"] as? String == "error" }.compactMap { $0["input"] as? String }
        #expect(failed == (renameFails.map { "in/img\(String(format: "%03d", $0)).jpg" } + createFails.map { "in/sub\($0)/x.jpg" }).sorted(),
                "\(result.stderr)")
        #expect(records.filter { $0["status"] as? String == "ok" }.count == 26)
        #expect(result.stderr.contains("cannot write out/img003.jpg: Is a directory"), "\(result.stderr)")
        #expect(OutputScan.temporaries(in: sandbox, under: "out").isEmpty, "\(sandbox.files(under: "out"))")
        #expect(OutputScan.incomplete(in: sandbox, under: "out").filter { !$0.hasSuffix("/x") && !$0.hasPrefix("sub") }.isEmpty)
    }

    /// SIGINT while a group is staged (its temporaries exist, not yet renamed): the run ends with no
    /// temporary and no partial file left, and every output it reported as written is complete.
    @Test func anInterruptMidGroupLeavesNoTemporary() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 400)
        let (process, out, err) = try CommandRunner.start(["--json", "-j", "1", "-r", "1:1", "-w", "64", "-o", "out/", "in"],
                                                          in: sandbox.root)
        SignalTests.wait(for: process) { sandbox.files(under: "out").contains(where: OutputScan.isTemporary) }
        kill(process.processIdentifier, SIGINT)
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 130, "\(result.stderr)")
        #expect(OutputScan.temporaries(in: sandbox, under: "out").isEmpty, "\(sandbox.files(under: "out"))")
        #expect(OutputScan.incomplete(in: sandbox, under: "out").isEmpty)
        let written = result.jsonLines.filter { $0["status"] as? String == "ok" }.compactMap { $0["output"] as? String }
        #expect(Set(written.map { String($0.dropFirst("out/".count)) }) == Set(sandbox.files(under: "out")))
        #expect(written.count < 400)
    }

    @Test func theHelpDescribesNoSync() throws {
        let result = try CommandRunner.run(["--help"], in: FileManager.default.temporaryDirectory)
        let words = result.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("--no-sync Do not wait for each output to reach the disk (fdatasync)"), "\(result.stdoutText)")
        #expect(words.contains("after a power cut or OS crash an output may be empty or truncated"))
    }
}
