/// The memory limit of this process's control group, as the kernel's OOM killer applies it in a
/// container or a systemd slice: cgroup v2 `memory.max` / `memory.current`, v1
/// `memory.limit_in_bytes` / `memory.usage_in_bytes`, over the group and each of its parents. The
/// usage counts the page cache, which the kernel reclaims before it kills anything: its inactive
/// part (`inactive_file`, v1 `total_inactive_file`, in `memory.stat`) is left out, as the kubelet's
/// working set does, or a container whose cache has filled its limit would have no room at all.
enum CgroupMemory {
    /// The smallest room (limit minus usage) of the group and its parents; nil when none has a limit.
    static func room(procSelfCgroup: PathBytes = PathBytes("/proc/self/cgroup"),
                     mountRoot: PathBytes = PathBytes("/sys/fs/cgroup")) -> Int? {
        guard let data = try? FileSystem.readStream(procSelfCgroup, limit: 1 << 16) else { return nil }
        var rooms: [Int] = []
        for line in data.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let controllers = fields[1].split(separator: UInt8(ascii: ","))
            let path = PathBytes(Array(fields[2]))
            if fields[0].elementsEqual("0".utf8) && fields[1].isEmpty {
                rooms += groupRooms(mountRoot, path, limitFile: "memory.max", usageFile: "memory.current", cacheKey: "inactive_file")
            } else if controllers.contains(where: { $0.elementsEqual("memory".utf8) }) {
                rooms += groupRooms(mountRoot.appending(PathBytes("memory")), path,
                                    limitFile: "memory.limit_in_bytes", usageFile: "memory.usage_in_bytes",
                                    cacheKey: "total_inactive_file")
            }
        }
        return rooms.min()
    }

    /// The room of the group at `path` below `root` and of its parents (a group namespace shows the
    /// process's own group as "/", at the root).
    private static func groupRooms(_ root: PathBytes, _ path: PathBytes, limitFile: String, usageFile: String,
                                   cacheKey: String) -> [Int] {
        var rooms: [Int] = []
        var components = path.components.filter { !$0.isEmpty && $0.bytes != [PathBytes.slash] }
        while true {
            let group = components.reduce(root) { $0.appending($1) }
            if let limit = number(group.appending(PathBytes(limitFile))), limit < 1 << 60 {
                let usage = number(group.appending(PathBytes(usageFile))) ?? 0
                let cache = statistic(cacheKey, in: group.appending(PathBytes("memory.stat"))) ?? 0
                rooms.append(max(limit - max(usage - cache, 0), 0))
            }
            if components.isEmpty { return rooms }
            components.removeLast()
        }
    }

    /// The value of the line `key N` of a `memory.stat` file.
    private static func statistic(_ key: String, in path: PathBytes) -> Int? {
        guard let data = try? FileSystem.readStream(path, limit: 1 << 16) else { return nil }
        for line in data.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            if fields.count == 2, fields[0].elementsEqual(key.utf8) { return Int(String(decoding: fields[1], as: UTF8.self)) }
        }
        return nil
    }

    /// A file's decimal number; nil for "max", a missing file or anything else.
    private static func number(_ path: PathBytes) -> Int? {
        guard let data = try? FileSystem.readStream(path, limit: 64) else { return nil }
        return Int(String(decoding: data.prefix { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self))
    }
}
