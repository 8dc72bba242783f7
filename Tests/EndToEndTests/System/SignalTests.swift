#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Signals and pipes mid-batch: what a scheduler, a closed terminal or `| head` does to a run.
@Suite struct SignalTests {
    /// `count` hard links to one corpus file in `in/`: a big batch without copying megabytes.
    static func links(_ sandbox: Sandbox, to corpusFile: String, count: Int) throws {
        let original = try sandbox.copy(corpusFile, to: "original.\((corpusFile as NSString).pathExtension)")
        try FileManager.default.createDirectory(at: sandbox.url("in"), withIntermediateDirectories: true)
        for i in 0..<count {
            try FileManager.default.linkItem(at: original, to: sandbox.url("in/img\(String(format: "%03d", i)).\(original.pathExtension)"))
        }
    }

    /// Waits (up to 60 s) until `ready` holds or the process ended.
    static func wait(for process: Process, until ready: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        while !ready() && process.isRunning && Date() < deadline { usleep(1_000) }
    }

    /// The CPU time (user + system, from /proc) the process spends from now until it has exited
    /// (a zombie or gone): counted work, which a busy machine does not inflate the way it does
    /// wall-clock time. The 30 s loop only guards against a hang.
    static func cpuSecondsUntilExit(_ pid: Int32) -> Double {
        func cpuTicks() -> (ticks: Int, zombie: Bool)? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            return (user + system, fields[0] == "Z")
        }
        guard let start = cpuTicks() else { return 0 }
        var last = start
        let deadline = Date().addingTimeInterval(30)
        while !last.zombie && Date() < deadline {
            usleep(1_000)
            guard let now = cpuTicks() else { break }
            last = now
        }
        return Double(last.ticks - start.ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func aSignalMidBatchStopsCleanly(signal: Int32, status: Int32) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.links(sandbox, to: Samples.jpeg, count: 300)
        let (process, out, err) = try CommandRunner.start(["-j", "2", "-r", "1:1", "-w", "64", "-o", "out/", "in"], in: sandbox.root)
        Self.wait(for: process) { sandbox.files(under: "out").contains { !OutputScan.isTemporary($0) } }
        kill(process.processIdentifier, signal)
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == status, "\(result.stderr)")
        let written = sandbox.files(under: "out")
        #expect(!written.isEmpty && written.count < 300, "\(written.count) written")
        #expect(OutputScan.temporaries(in: sandbox, under: "out").isEmpty)
        #expect(OutputScan.incomplete(in: sandbox, under: "out").isEmpty)
        #expect(result.stderr.contains("interrupted (signal \(signal))"), "\(result.stderr)")
        #expect(result.stderr.contains("not started"))
    }

    /// Big PNG outputs (4608x3456, ~1.5 s each in debug): the first SIGINT abandons in-flight
    /// images, the second, 10 ms later, ends the process at once and still removes temporaries.
    @Test func aSecondInterruptExitsAtOnceWithoutPartialFiles() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.links(sandbox, to: "photos/dslr-hills-4608x3456.jpg", count: 6)
        let (process, out, err) = try CommandRunner.start(["-j", "2", "-f", "png", "-o", "out/", "in"], in: sandbox.root)
        // Best moment: while a temporary is being written; else as soon as anything is there.
        Self.wait(for: process) { !sandbox.files(under: "out").isEmpty }
        kill(process.processIdentifier, SIGINT)
        usleep(10_000)
        kill(process.processIdentifier, SIGINT)
        // Finishing the two in-flight images takes about 1.5 s of CPU each; exiting at once costs
        // only what the workers burn until the signal thread runs (0.5 s seen at load 18 on 2 cores).
        let cpu = Self.cpuSecondsUntilExit(process.processIdentifier)
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 130, "\(result.stderr)")
        #expect(cpu < 1, "spent \(cpu) s of CPU after the second SIGINT")
        #expect(OutputScan.temporaries(in: sandbox, under: "out").isEmpty, "\(sandbox.files(under: "out"))")
        #expect(OutputScan.incomplete(in: sandbox, under: "out").isEmpty)
    }

    @Test func aClosedPipeEndsTheBatchQuietly() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.links(sandbox, to: Samples.jpeg, count: 100)
        let result = try CommandRunner.shell("\"$ASPECTFIT\" --json -j 2 -r 1:1 -w 16 -o out/ in | head -1; echo \"exit ${PIPESTATUS[0]}\" >&2",
                                             in: sandbox.root)
        #expect(result.stdoutText.split(separator: "\n").count == 1)
        #expect(["exit 141\n", "exit 0\n"].contains(result.stderr), "\(result.stderr)")   // 0: the batch won the race
        #expect(OutputScan.temporaries(in: sandbox, under: "out").isEmpty)
        #expect(OutputScan.incomplete(in: sandbox, under: "out").isEmpty)
    }

    /// `nohup` (SIGHUP ignored at start) is respected: a hang-up does not stop the batch.
    @Test func aHangUpIsIgnoredUnderNohup() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.links(sandbox, to: Samples.jpeg, count: 200)
        let (process, out, err) = try CommandRunner.start(["-c", "trap '' HUP; exec \"$ASPECTFIT\" -j 2 -r 1:1 -w 64 -o out/ in"],
                                                          in: sandbox.root, executable: ExternalTool.url("bash"))
        Self.wait(for: process) { sandbox.files(under: "out").contains { !OutputScan.isTemporary($0) } }
        kill(process.processIdentifier, SIGHUP)
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out").count == 200)
    }
}
