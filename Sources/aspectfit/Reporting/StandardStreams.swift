#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Unbuffered writes to standard output and standard error (raw descriptors: no Foundation, no
/// stdio buffering to flush on exit, and EPIPE seen where it happens).
enum StandardStreams {
    /// How a write to standard output ended.
    enum Written: Equatable {
        case done
        /// The reader went away (EPIPE): the batch stops quietly, exit 141.
        case closed
        /// Any other failure (a full disk, EIO, a descriptor the caller closed): an error.
        case failed(SystemError)
    }

    /// Descriptors 0-2 that were closed when the process started (bit n for descriptor n).
    private static let closedAtStart = Atomic<Int32>(0)

    /// Opens /dev/null on each of descriptors 0-2 that is closed, so no file the tool opens later
    /// (a temporary output) can become standard output or error and receive messages or JSON.
    /// Call first thing in main. Writes to a stream that was closed then fail with EBADF.
    static func reserveDescriptors() {
        var closed: Int32 = 0
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", O_RDWR)
            if null != fd {   // cannot happen while the lower descriptors are open; never leave a stray one
                if null >= 0 { close(null) }
                continue
            }
            closed |= 1 << fd
        }
        closedAtStart.store(closed, ordering: .releasing)
    }

    /// Whether descriptor `fd` (0-2) was closed when the process started.
    static func wasClosed(_ fd: Int32) -> Bool { closedAtStart.load(ordering: .acquiring) & (1 << fd) != 0 }

    static var outputIsTerminal: Bool { isatty(1) == 1 }
    static var errorIsTerminal: Bool { isatty(2) == 1 }

    /// Writes to standard output.
    static func writeOutput(_ bytes: [UInt8], progress: ((Int) -> Void)? = nil) -> Written {
        if wasClosed(1) { return .failed(SystemError(code: EBADF)) }
        do {
            try AtomicWriter.writeAll(bytes, to: 1, progress: progress)
            return .done
        } catch {
            return error.code == EPIPE ? .closed : .failed(error)
        }
    }

    static func writeOutput(_ text: String) -> Written { writeOutput(Array(text.utf8)) }

    /// Writes one message line to standard error, its control characters escaped (`MessageText`).
    static func writeMessage(_ line: String) {
        writeError(MessageText.escaped(line) + "\n")
    }

    /// Writes to standard error; failures are ignored (there is nowhere left to report them).
    static func writeError(_ text: String) {
        if wasClosed(2) { return }
        _ = try? AtomicWriter.writeAll(Array(text.utf8), to: 2)
    }
}
