#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// What the tool does with standard output and error when they are closed, full or shared with the
/// image (issue 24 items 4, 5, 6, 10): report text never lands in an image, a report that cannot be
/// written is an error, and an interruption says what already went out.
@Suite struct StandardStreamTests {
    /// With descriptor 1 or 2 (or both) closed, every output is exactly an image: its mark's
    /// checksum covers the whole file, so one byte of JSON or of a message in it fails. A report
    /// that cannot be written at all (`--json` with stdout closed) exits 1.
    @Test(arguments: [">&-", "2>&-", ">&- 2>&-"])
    func closedDescriptorsNeverReceiveReportText(redirection: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 8)
        try sandbox.write("not an image", to: "in/zz-bad.jpg")
        for (run, flags) in ["--json", "-v", "--json -v --progress"].enumerated() {
            let result = try CommandRunner.shell("exec \"$ASPECTFIT\" \(flags) -j 2 -r 1:1 -w 32 -o out\(run)/ in \(redirection)",
                                                 in: sandbox.root)
            let reportLost = flags.contains("--json") && redirection.contains(">&-") && !redirection.hasPrefix("2")
            #expect(result.status == 1, "\(flags) \(redirection): \(result.stderr)")   // zz-bad.jpg fails, or the report
            if reportLost && !redirection.contains("2>&-") {
                #expect(result.stderr.contains("cannot write the report to standard output: Bad file descriptor"), "\(result.stderr)")
            }
            for name in sandbox.files(under: "out\(run)") {
                let bytes = [UInt8](try sandbox.data("out\(run)/\(name)"))
                #expect(WriterMarkOracle.unmarked(bytes)?.valid == true, "\(flags) \(redirection): out\(run)/\(name) is not just an image")
            }
            if !reportLost { #expect(sandbox.files(under: "out\(run)").count == 8, "\(flags) \(redirection)") }
        }
    }

    /// The race the reserved descriptors close: with standard output closed, a temporary opened
    /// while a JSON line is written would take descriptor 1 and receive that line (without the
    /// reservation, 80 inputs on two workers gave a broken image in 3 runs of 4). Six such runs,
    /// every output checked by its mark's checksum.
    @Test func aClosedStandardOutputNeverLendsItsDescriptorToAnImage() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 80)
        for run in 0..<6 {
            let result = try CommandRunner.shell("exec \"$ASPECTFIT\" --json -j 2 -r 1:1 -w 32 -o out\(run)/ in >&-", in: sandbox.root)
            #expect(result.status == 1, "\(result.stderr)")
            for name in sandbox.files(under: "out\(run)") {
                let bytes = [UInt8](try sandbox.data("out\(run)/\(name)"))
                #expect(WriterMarkOracle.unmarked(bytes)?.valid == true, "run \(run): out\(run)/\(name) is not just an image")
            }
        }
    }

    /// The reservation itself, seen from outside without a race: the tool is started with
    /// descriptor 1, 2 or both closed and blocks reading its image from a pipe; while it waits, each
    /// closed descriptor is /dev/null (per /proc) and each open one is still the test's pipe.
    @Test(arguments: [(">&-", [1]), ("2>&-", [2]), (">&- 2>&-", [1, 2])])
    func closedStandardDescriptorsAreHeldOnDevNull(redirection: String, closed: [Int32]) throws {
        let sandbox = try Sandbox()
        // standard input is a pipe whose writer (sleep) stays open, so the tool blocks reading it
        let script = "exec \"$ASPECTFIT\" -w 16 -o out.jpg - < <(exec sleep 60) \(redirection)"
        let (process, _, _) = try CommandRunner.start(["-c", script], in: sandbox.root, executable: ExternalTool.url("bash"))
        let pid = process.processIdentifier
        defer {
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        SignalTests.wait(for: process) { Self.isReadingStandardInput(pid) }
        #expect(Self.isReadingStandardInput(pid), "the tool never blocked reading standard input")
        for fd: Int32 in 1...2 {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) ?? "(closed)"
            if closed.contains(fd) {
                #expect(target == "/dev/null", "\(redirection): descriptor \(fd) is \(target)")
            } else {
                #expect(target.hasPrefix("pipe:"), "\(redirection): descriptor \(fd) is \(target)")
            }
        }
    }

    /// Whether some thread of `pid` is blocked in read(2) on descriptor 0 (/proc/PID/task/*/syscall:
    /// the syscall number, then its arguments in hex).
    private static func isReadingStandardInput(_ pid: Int32) -> Bool {
#if arch(x86_64)
        let read = "0"
#else
        let read = "63"
#endif
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
            return call.hasPrefix("\(read) 0x0 ")
        }
    }

    /// `cat x.jpg | aspectfit --json -w 100 - > out` would put the image and the JSON in one stream.
    @Test func standardInputToStandardOutputWithJSONIsAUsageError() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let image = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Samples.jpeg)))
        let result = try sandbox.run(["--json", "-w", "100", "-"], stdin: image)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("input - without -o writes the image to standard output, which --json also uses"))
        let named = try sandbox.run(["--json", "-w", "100", "-o", "a.jpg", "-"], stdin: image)
        #expect(named.status == 0, "\(named.stderr)")
    }

    /// A report that cannot be written for another reason than a closed pipe is an error, said once,
    /// and the batch stops as it does on SIGPIPE.
    @Test(arguments: [["--json"], ["--dry-run"]])
    func aReportToAFullDeviceIsAnError(flags: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 40)
        let result = try CommandRunner.shell("exec \"$ASPECTFIT\" \(flags.joined(separator: " ")) -j 1 -r 1:1 -w 16 -o out/ in > /dev/full",
                                             in: sandbox.root)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("cannot write the report to standard output: No space left on device") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("stopped (the report could not be written)"), "\(result.stderr)")
        if flags == ["--json"] { #expect(sandbox.files(under: "out").count < 40, "the batch did not stop") }
        let help = try CommandRunner.shell("exec \"$ASPECTFIT\" --help > /dev/full", in: sandbox.root)
        #expect(help.status == 1 && help.stderr.contains("No space left on device"), "\(help.stderr)")
    }

    /// Interrupted while the image is going out on standard output (a reader that stopped reading
    /// after the pipe's 64 KiB): the summary says how much of it is already out, not "nothing written".
    @Test func anInterruptWhileWritingToStandardOutputSaysWhatWentOut() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/dslr-hills-4608x3456.jpg", to: "big.jpg")
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["-f", "png", "--png-compression", "0", "-o", "-", "big.jpg"]
        process.currentDirectoryURL = sandbox.root
        process.standardOutput = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        let err = Pipe()
        process.standardError = err
        try process.run()
        // the pipe is full (its whole capacity waits unread) while the image is being written
        SignalTests.wait(for: process) { Self.readable(fds[0]) >= 65536 }
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("bytes of one already written to standard output"), "\(stderr)")
        #expect(!stderr.contains("nothing written"), "\(stderr)")
    }

    /// Bytes waiting unread in a pipe (FIONREAD).
    private static func readable(_ fd: Int32) -> Int32 {
        var count: Int32 = 0
        _ = ioctl(fd, UInt(FIONREAD), &count)
        return count
    }
}
