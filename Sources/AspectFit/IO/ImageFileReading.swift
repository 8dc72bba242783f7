#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ImageFile {
    /// Reads a whole file with POSIX open/read; missing files, directories, devices and
    /// permission problems fail with a clear `.io` message. Pipes are read to their end.
    public static func read(path: String) throws(ImageIOError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io("cannot open \(path): \(errorText(errno))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .io("cannot stat \(path): \(errorText(errno))") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw .io("cannot read \(path): is a directory") }
        // a device such as /dev/zero or /dev/urandom never ends: reading it would exhaust memory
        if (status.st_mode & S_IFMT) == S_IFCHR || (status.st_mode & S_IFMT) == S_IFBLK {
            throw .io("cannot read \(path): is a device, not a file")
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(max(status.st_size, 0)))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io("cannot read \(path): \(errorText(errno))")
            }
            if n == 0 { break }
            bytes += chunk[0 ..< n]
        }
        return bytes
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
