import Foundation

/// Runs the binary and samples, every few milliseconds until it exits, its peak resident memory
/// (VmHWM in /proc/PID/status, a high-water mark of the process's own address space) and the most
/// threads it ran at once (Threads in the same file).
///
/// Not wait4's ru_maxrss: a child's counts the parent's memory at fork/exec (here, the test
/// runner's), which would hide the binary's own. No extra tool such as /usr/bin/time is needed.
enum ProcessPeaks {
    /// The exit status, the last (highest) VmHWM seen in KiB, and the most threads seen.
    static func run(_ arguments: [String], in directory: URL,
                    executable: URL = CommandRunner.binary) throws -> (status: Int32, kilobytes: Int, threads: Int) {
        let (process, out, err) = try CommandRunner.start(arguments, in: directory, executable: executable)
        let pid = process.processIdentifier
        let peak = Peak()
        let sampler = Thread {
            while process.isRunning {
                if let sample = sample(pid) { peak.raise(to: sample) }
                usleep(2_000)
            }
        }
        sampler.start()
        let result = CommandRunner.finish(process, out, err)
        while !sampler.isFinished { usleep(1_000) }
        return (result.status, peak.kilobytes, peak.threads)
    }

    /// VmHWM in KiB and the thread count of a running process; nil once it is gone.
    static func sample(_ pid: Int32) -> (kilobytes: Int, threads: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
            return line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        }
        guard let kilobytes = field("VmHWM"), let threads = field("Threads") else { return nil }
        return (kilobytes, threads)
    }

    /// The highest samples so far, shared with the sampling thread.
    final class Peak: @unchecked Sendable {
        private let lock = NSLock()
        private var highest = (kilobytes: 0, threads: 0)
        func raise(to sample: (kilobytes: Int, threads: Int)) {
            lock.withLock { highest = (max(highest.kilobytes, sample.kilobytes), max(highest.threads, sample.threads)) }
        }
        var kilobytes: Int { lock.withLock { highest.kilobytes } }
        var threads: Int { lock.withLock { highest.threads } }
    }
}
