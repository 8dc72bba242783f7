#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Issue 10 item 7: the first SIGINT/SIGTERM/SIGHUP does not wait for the image in flight. It is
/// abandoned (no output, no temporary, a `not_finished` record), the rest get `not_started`
/// records, the summary is printed and the status is 128 + the signal.
@Suite struct InterruptTests {
    @Test(arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] as [(Int32, Int32)])
    func theFirstSignalAbandonsTheImageInFlight(signal: Int32, status: Int32) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.write("not an image", to: "in/a.jpg")   // fails at once: its record says the batch has begun
        try sandbox.copy(Samples.jpeg, to: "in/b.jpg")      // 4000x4000 PNG at level 9: many seconds of work
        try sandbox.copy(Samples.jpeg, to: "in/c.jpg")
        let (process, out, err) = try CommandRunner.start(["--json", "-j", "1", "-s", "4000x4000", "-f", "png", "--png-compression", "9",
                                                           "-o", "out/", "in"], in: sandbox.root)
        let firstLine = try #require(out.fileHandleForReading.readLine())
        #expect(firstLine.contains("\"input\":\"in/a.jpg\""), "\(firstLine)")
        usleep(300_000)   // b.jpg is taken right after a.jpg's report
        kill(process.processIdentifier, signal)
        let exitCPU = SignalTests.cpuSecondsUntilExit(process.processIdentifier)
        print("signal \(signal): \(Int(exitCPU * 1000)) ms of CPU until exit")
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == status, "\(result.stderr)")
        let records = result.jsonLines
        #expect(records.map { $0["input"] as? String } == ["in/b.jpg", "in/c.jpg", nil], "\(result.stdoutText)")
        #expect(records.first?["status"] as? String == "not_finished")
        #expect(records.dropFirst().first?["status"] as? String == "not_started")
        let summary = try #require(records.last)
        #expect(summary["interrupted"] as? Bool == true)
        #expect(summary["not_finished"] as? Int == 1 && summary["not_started"] as? Int == 1 && summary["failed"] as? Int == 1)
        #expect(result.stderr.contains("interrupted (signal \(signal)): 1 abandoned in progress (nothing written), 1 not started"), "\(result.stderr)")
        #expect(sandbox.files(under: "out").isEmpty, "\(sandbox.files(under: "out"))")   // no output, no temporary
    }
}

extension FileHandle {
    /// One line read byte by byte (the rest stays in the pipe for `CommandRunner.finish`).
    func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = readData(ofLength: 1)
            guard let byte = chunk.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
