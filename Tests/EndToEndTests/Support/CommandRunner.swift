import Foundation
import TestSupport

/// Runs the built `aspectfit` binary (SwiftPM builds it because this target depends on it).
struct CommandRunner {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        /// The `--json` lines, parsed.
        var jsonLines: [[String: Any]] {
            stdoutText.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    /// The binary: next to the test bundle in `.build/<config>/`.
    static let binary: URL = {
        var candidates: [URL] = []
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(argv0.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for configuration in ["debug", "release"] {
            candidates.append(Corpus.projectRoot.appendingPathComponent(".build/\(configuration)"))
        }
        for dir in candidates {
            var d = dir
            for _ in 0..<4 {
                let url = d.appendingPathComponent("aspectfit")
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue { return url }
                d = d.deletingLastPathComponent()
            }
        }
        return Corpus.projectRoot.appendingPathComponent(".build/debug/aspectfit")
    }()

    /// Starts the binary (or `executable`, e.g. a shell or setpriv wrapping it) in `directory`;
    /// standard input is `stdin` (or empty). `$ASPECTFIT` names the binary for shell scripts;
    /// `environment` adds to or replaces the test's own variables. A crashing child dies at once
    /// (`SWIFT_BACKTRACE=enable=no`): the backtracer the Swift runtime starts on a crash can hang here,
    /// holding the child's standard error open, and the test reading it would wait for ever.
    static func start(_ arguments: [String], in directory: URL, stdin: Data? = nil, executable: URL = binary,
                      environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
            .merging(["ASPECTFIT": binary.path, "SWIFT_BACKTRACE": "enable=no"]) { $1 }
            .merging(environment) { $1 }
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        BrokenPipe.ignore()
        try process.run()
        let writer = input.fileHandleForWriting
        if let stdin {
            DispatchQueue.global().async {
                try? writer.write(contentsOf: stdin)
                try? writer.close()
            }
        } else {
            try? writer.close()
        }
        return (process, out, err)
    }

    /// Runs the binary to completion.
    static func run(_ arguments: [String], in directory: URL, stdin: Data? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let (process, out, err) = try start(arguments, in: directory, stdin: stdin, environment: environment)
        return finish(process, out, err)
    }

    /// Runs a bash script (which calls "$ASPECTFIT") to completion.
    static func shell(_ script: String, in directory: URL) throws -> Result {
        let (process, out, err) = try start(["-c", script], in: directory, executable: ExternalTool.url("bash"))
        return finish(process, out, err)
    }

    /// Runs the binary, killed (SIGKILL) if it is still running after `seconds`: for inputs that
    /// could make it hang, so a regression fails the test instead of blocking the suite.
    static func run(_ arguments: [String], in directory: URL, killAfter seconds: Double) throws -> (result: Result, killed: Bool) {
        let (process, out, err) = try start(arguments, in: directory)
        let pid = process.processIdentifier
        let killed = Flag()
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if process.isRunning { killed.set(); kill(pid, SIGKILL) }
        }
        let result = finish(process, out, err)
        return (result, killed.isSet)
    }

    /// A boolean set once from another queue.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    /// Reads everything the process writes and waits for it to end.
    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        let errData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData.get(), as: UTF8.self))
    }

    /// A Data box shared with the reading queue.
    final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ d: Data) { lock.withLock { data = d } }
        func get() -> Data { lock.withLock { data } }
    }
}
