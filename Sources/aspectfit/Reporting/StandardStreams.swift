#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to standard output and standard error (raw descriptors: no Foundation, no
/// stdio buffering to flush on exit, and EPIPE seen where it happens).
enum StandardStreams {
    static var outputIsTerminal: Bool { isatty(1) == 1 }
    static var errorIsTerminal: Bool { isatty(2) == 1 }

    /// Writes to standard output; false when it is closed (EPIPE) or failing.
    static func writeOutput(_ bytes: [UInt8]) -> Bool {
        do { try AtomicWriter.writeAll(bytes, to: 1); return true } catch { return false }
    }

    static func writeOutput(_ text: String) -> Bool { writeOutput(Array(text.utf8)) }

    /// Writes one message line to standard error, its control characters escaped (`MessageText`).
    static func writeMessage(_ line: String) {
        writeError(MessageText.escaped(line) + "\n")
    }

    /// Writes to standard error; failures are ignored (there is nowhere left to report them).
    static func writeError(_ text: String) {
        _ = try? AtomicWriter.writeAll(Array(text.utf8), to: 2)
    }
}
