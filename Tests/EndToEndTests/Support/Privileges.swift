#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport

/// Root bypasses file permissions, so permission tests run the binary as `nobody` through
/// setpriv when the suite runs as root (as in CI), and directly otherwise.
enum Privileges {
    static var isRoot: Bool { getuid() == 0 }

    /// Runs the binary as an ordinary user. As root, what the owner may read or enter in the
    /// sandbox is first opened to others too (whatever the umask), so only the modes a test set
    /// on purpose (0000, 0555) decide.
    static func runUnprivileged(_ arguments: [String], in sandbox: Sandbox) throws -> CommandRunner.Result {
        guard isRoot else { return try sandbox.run(arguments) }
        shareReadable(sandbox.root.path)
        let wrapper = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", CommandRunner.binary.path] + arguments
        let (process, out, err) = try CommandRunner.start(wrapper, in: sandbox.root, executable: ExternalTool.url("setpriv"))
        return CommandRunner.finish(process, out, err)
    }

    /// Gives group and others the read (and search) rights the owner has, through the whole tree.
    private static func shareReadable(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFLNK else { return }
        let mode = st.st_mode & 0o7777
        let read: mode_t = mode & 0o400 != 0 ? 0o044 : 0
        let search: mode_t = mode & 0o100 != 0 ? 0o011 : 0
        chmod(path, mode | read | search)
        guard (st.st_mode & S_IFMT) == S_IFDIR, mode & 0o500 == 0o500,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names { shareReadable(path + "/" + name) }
    }

    /// Whether a test needing root (to mount a tmpfs) can run: as root, or under CI, where the
    /// suite must run as root, so a missing privilege fails rather than skips.
    static var canMount: Bool { isRoot || Corpus.isCI }
}
