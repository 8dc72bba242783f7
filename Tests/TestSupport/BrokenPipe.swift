#if canImport(Glibc)
import Glibc
#endif

/// A test that feeds a child's stdin must survive the child exiting first: by default the write
/// then raises SIGPIPE and kills the whole test process. Ignored, the write fails with EPIPE,
/// which the feeder reports or discards.
public enum BrokenPipe {
    private static let ignored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Ignores SIGPIPE for the rest of the process; cheap to call before every child.
    public static func ignore() {
        ignored
    }
}
