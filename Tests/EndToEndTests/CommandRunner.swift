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

    /// Starts the binary in `directory`; standard input is `stdin` (or empty).
    static func start(_ arguments: [String], in directory: URL, stdin: Data? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
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
    static func run(_ arguments: [String], in directory: URL, stdin: Data? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, in: directory, stdin: stdin)
        return finish(process, out, err)
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
