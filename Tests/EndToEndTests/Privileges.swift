#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport

/// Root bypasses file permissions, so permission tests run the binary as `nobody` through
/// setpriv when the suite runs as root (as in CI), and directly otherwise.
enum Privileges {
    static var isRoot: Bool { getuid() == 0 }

    /// Runs the binary as an ordinary user. Its sandbox must be reachable by that user.
    static func runUnprivileged(_ arguments: [String], in sandbox: Sandbox) throws -> CommandRunner.Result {
        guard isRoot else { return try sandbox.run(arguments) }
        let wrapper = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", CommandRunner.binary.path] + arguments
        let (process, out, err) = try CommandRunner.start(wrapper, in: sandbox.root, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        return CommandRunner.finish(process, out, err)
    }

    /// Whether a test needing root (to mount a tmpfs) can run: as root, or under CI, where the
    /// suite must run as root, so a missing privilege fails rather than skips.
    static var canMount: Bool { isRoot || Corpus.isCI }
}
