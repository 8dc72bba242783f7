#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

/// The memory the batch's images may hold at once: each image reserves its `MemoryEstimate` before
/// it is decoded and returns it once its outputs are written, so the sum of the estimates of the
/// images in flight stays under the budget (fewer images at once when they are big). An image whose
/// estimate alone is over the budget fails with a clear line; the rest of the batch goes on.
///
/// The budget is the smallest of `--max-memory`, the room left under the memory cgroup's limit
/// (`memory.max` or, cgroup v1, `memory.limit_in_bytes`, of this process's group and its parents:
/// what a container's OOM killer enforces) and the address space left under `ulimit -v`; a tenth
/// of the room is kept back for the allocator and the runtime. With none of them it is unlimited.
///
/// A worker keeps its last image's tables and output pixels for the next one (`PipelineWorkspace`)
/// only when that image's estimate is within its share of an eighth of the budget: the images in
/// flight get the other seven eighths, so what is kept and what is in flight stay under the limit.
final class MemoryBudget: @unchecked Sendable {
    /// The whole budget in bytes; nil: unlimited.
    let limit: Int?
    /// How many workers keep a workspace.
    private let workers: Int
    /// Where the limit comes from, for messages: "--max-memory", "the cgroup memory limit", "ulimit -v".
    let source: String
    private let lock = ConditionLock()
    private var used = 0

    init(maxMemory: Int?, workers: Int) {
        self.workers = max(workers, 1)
        var candidates: [(Int, String)] = []
        if let maxMemory { candidates.append((maxMemory, "--max-memory")) }
        if let room = CgroupMemory.room() { candidates.append((room * 9 / 10, "the cgroup memory limit")) }
        if let room = Self.addressSpaceRoom() { candidates.append((room * 9 / 10, "ulimit -v")) }
        let smallest = candidates.min { $0.0 < $1.0 }
        limit = smallest.map { max($0.0, 0) }
        source = smallest?.1 ?? "none"
    }

    /// Waits until `bytes` fit beside what the images in flight hold, then holds them; false, at
    /// once, when they are over the whole budget, or when `stopped` turns true while waiting.
    func reserve(_ bytes: Int, stopped: () -> Bool) -> Bool {
        guard let limit = inFlightLimit else { return true }
        if bytes > limit { return false }
        return lock.withLock {
            while used > 0 && used + bytes > limit {
                if stopped() { return false }
                lock.wait(milliseconds: 50)
            }
            used += bytes
            return true
        }
    }

    /// What the images in flight may hold together: the budget less what workspaces may keep.
    var inFlightLimit: Int? { limit.map { $0 - $0 / 8 } }

    /// Whether a worker may keep what an image of `bytes` left in its workspace.
    func mayKeep(_ bytes: Int) -> Bool {
        guard let limit else { return true }
        return bytes <= limit / 8 / workers
    }

    func release(_ bytes: Int) {
        guard limit != nil else { return }
        lock.withLock {
            used -= bytes
            lock.broadcast()
        }
    }

    /// Why an image of `bytes` cannot run: the line its failure reports.
    func refusal(_ bytes: Int) -> String {
        "out of memory (\(bytes) bytes needed, over the \(inFlightLimit ?? 0)-byte budget from \(source))"
    }

    /// The address space left under RLIMIT_AS, nil when there is no limit.
    private static func addressSpaceRoom() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        guard let statm = try? FileSystem.readStream(PathBytes("/proc/self/statm"), limit: 4096),
              let first = statm.split(separator: UInt8(ascii: " ")).first, let pages = Int(String(decoding: first, as: UTF8.self))
        else { return nil }
        return max(Int(clamping: limit.rlim_cur) - pages * Int(sysconf(Int32(_SC_PAGESIZE))), 0)
    }
}
