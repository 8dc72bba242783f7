#if canImport(Glibc)
import Glibc
#endif

/// The CPUs this process may run on (its affinity list, as `nproc` counts them), so that under
/// `taskset -c 0` or a container's CPU set the default `--jobs` does not oversubscribe.
enum ProcessorCount {
    static var available: Int {
        allowedByAffinity() ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Counts `Cpus_allowed_list` of /proc/self/status, e.g. "0-3,8,10-11" is 7.
    private static func allowedByAffinity() -> Int? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        let text = String(decoding: bytes[..<n], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }),
              let list = line.split(separator: ":").last else { return nil }
        var count = 0
        for part in list.split(separator: ",") {
            let bounds = part.split(separator: "-").compactMap { Int(String($0.filter { !$0.isWhitespace })) }
            switch bounds.count {
            case 1: count += 1
            case 2 where bounds[1] >= bounds[0]: count += bounds[1] - bounds[0] + 1
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }
}
