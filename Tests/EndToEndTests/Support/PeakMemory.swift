import Foundation

/// Runs the binary and samples its peak resident memory (VmHWM in /proc/PID/status, a high-water
/// mark of the process's own address space) every few milliseconds until it exits.
///
/// Not wait4's ru_maxrss: a child's counts the parent's memory at fork/exec (here, the test
/// runner's), which would hide the binary's own. No extra tool such as /usr/bin/time is needed.
enum PeakMemory {
    /// The exit status and the last (highest) VmHWM seen, in KiB.
    static func run(_ arguments: [String], in directory: URL,
                    executable: URL = CommandRunner.binary) throws -> (status: Int32, kilobytes: Int) {
        let (process, out, err) = try CommandRunner.start(arguments, in: directory, executable: executable)
        let pid = process.processIdentifier
        let peak = Peak()
        let sampler = Thread {
            while process.isRunning {
                if let kb = highWaterMark(pid) { peak.raise(to: kb) }
                usleep(2_000)
            }
        }
        sampler.start()
        let result = CommandRunner.finish(process, out, err)
        while !sampler.isFinished { usleep(1_000) }
        return (result.status, peak.value)
    }

    /// VmHWM of a running process, in KiB; nil once it is gone.
    static func highWaterMark(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// The highest sample so far, shared with the sampling thread.
    final class Peak: @unchecked Sendable {
        private let lock = NSLock()
        private var kilobytes = 0
        func raise(to kb: Int) { lock.withLock { kilobytes = max(kilobytes, kb) } }
        var value: Int { lock.withLock { kilobytes } }
    }
}
