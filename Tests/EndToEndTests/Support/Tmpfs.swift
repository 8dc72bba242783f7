import Foundation
import TestSupport

/// A small tmpfs mounted over a sandbox folder (root only): a real full file system for ENOSPC tests.
struct Tmpfs {
    struct MountFailed: Error, CustomStringConvertible { var description: String }

    let mountPoint: URL

    init(at mountPoint: URL, size: String) throws {
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let result = try Self.run("mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0777", "tmpfs", mountPoint.path])
        guard result.status == 0 else { throw MountFailed(description: "mount -t tmpfs failed: \(result.stderr)") }
        self.mountPoint = mountPoint
    }

    /// Detaches the mount (lazily, so an open file cannot make the test leak a mount).
    func unmount() {
        _ = try? Self.run("umount", ["-l", mountPoint.path])
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> CommandRunner.Result {
        let (process, out, err) = try CommandRunner.start(arguments, in: URL(fileURLWithPath: "/"), executable: ExternalTool.url(tool))
        return CommandRunner.finish(process, out, err)
    }
}
