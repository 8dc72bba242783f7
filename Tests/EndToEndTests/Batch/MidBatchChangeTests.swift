#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// What the world does to a batch while it runs: an output folder made read-only, an input swapped
/// for a symlink out of the tree, an input rewritten in place with another image. The batch is
/// started on many inputs, the change is made once the first outputs are there, and what is left
/// is checked: nothing read through the symlink, no name that lies about the size, and no
/// temporary left unless it is empty and named on stderr.
@Suite(.tags(.pipeline))
struct MidBatchChangeTests {
    private static let count = 400

    /// `count` copies of a small JPEG in `in/`, named `p000.jpg`...
    private func inputs(_ sandbox: Sandbox) throws -> [String] {
        try sandbox.copy(Samples.jpeg, to: "in/p000.jpg")
        let names = (0..<Self.count).map { String(format: "p%03d.jpg", $0) }
        for name in names.dropFirst() { try FileManager.default.copyItem(at: sandbox.url("in/p000.jpg"), to: sandbox.url("in/" + name)) }
        return names
    }

    /// Starts `arguments` (as `nobody` through setpriv when root, so permissions bind), waits until
    /// `folder` holds `atLeast` files (not counting temporaries, dot files), runs `change`, and returns the finished result.
    private func run(_ arguments: [String], in sandbox: Sandbox, unprivileged: Bool = false, folder: String, atLeast: Int,
                     change: () throws -> Void) throws -> CommandRunner.Result {
        let (process, out, err) = unprivileged && Privileges.isRoot
            ? try CommandRunner.start(["--reuid=65534", "--regid=65534", "--clear-groups", "--", CommandRunner.binary.path] + arguments,
                                      in: sandbox.root, executable: ExternalTool.url("setpriv"))
            : try CommandRunner.start(arguments, in: sandbox.root)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, sandbox.files(under: folder).filter({ !$0.hasPrefix(".") }).count < atLeast, Date() < deadline { usleep(1_000) }
        try change()
        return CommandRunner.finish(process, out, err)
    }

    @Test func anOutputFolderMadeReadOnlyMidBatchLeavesNoTemporaryUnsaid() throws {
        let sandbox = try Sandbox()
        _ = try inputs(sandbox)
        try FileManager.default.createDirectory(at: sandbox.url("o"), withIntermediateDirectories: true)
        chmod(sandbox.url("o").path, 0o777)
        chmod(sandbox.url("in").path, 0o755)
        for name in try FileManager.default.contentsOfDirectory(atPath: sandbox.url("in").path) {
            chmod(sandbox.url("in/" + name).path, 0o644)
        }
        chmod(sandbox.root.path, 0o755)
        let result = try run(["-j2", "-w", "64", "-o", "o/", "in/"], in: sandbox, unprivileged: true, folder: "o", atLeast: 20) {
            chmod(sandbox.url("o").path, 0o555)
        }
        chmod(sandbox.url("o").path, 0o755)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Permission denied"), "\(result.stderr)")
        let files = sandbox.files(under: "o")
        let outputs = files.filter { $0.hasSuffix(".jpg") && !$0.hasPrefix(".") }
        #expect(outputs.count >= 20 && outputs.count < Self.count, "\(outputs.count) outputs")
        for name in outputs {
            #expect(ImageHeader(file: sandbox.url("o/" + name)) == ImageHeader(format: "jpeg", width: 64, height: 42), "\(name)")
        }
        for name in files where !outputs.contains(name) {
            let size = (try? FileManager.default.attributesOfItem(atPath: sandbox.url("o/" + name).path)[.size] as? Int) ?? -1
            #expect(size == 0, "the leftover \(name) holds \(size) bytes")
            #expect(result.stderr.contains(name), "the leftover \(name) is not reported: \(result.stderr)")
        }
    }

    @Test func anInputSwappedForASymlinkMidBatchIsNotReadThroughIt() throws {
        let sandbox = try Sandbox()
        let names = try inputs(sandbox)
        try sandbox.copy(Samples.landscape, to: "outside/secret.jpg")
        let last = names.last!
        let result = try run(["-j1", "-w", "64", "-o", "o/", "in/"], in: sandbox, folder: "o", atLeast: 5) {
            try FileManager.default.removeItem(at: sandbox.url("in/" + last))
            try FileManager.default.createSymbolicLink(atPath: sandbox.url("in/" + last).path, withDestinationPath: "../outside/secret.jpg")
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("in/\(last): became a symlink after the batch was planned; not followed"), "\(result.stderr)")
        #expect(!sandbox.exists("o/" + last))
        #expect(sandbox.files(under: "o").count == Self.count - 1)
    }

    /// Default naming puts the size in the name (`NAME-WxH.EXT`), planned from the header: an input
    /// rewritten in place with an image of another shape must not be written under the old size.
    @Test func anInputRewrittenInPlaceIsNotWrittenUnderTheOldSize() throws {
        let sandbox = try Sandbox()
        let names = try inputs(sandbox)
        let other = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Samples.rotated)))
        let last = names.last!
        let result = try run(["-j1", "-w", "64", "in/"], in: sandbox, folder: "in", atLeast: Self.count + 5) {
            let handle = try FileHandle(forWritingTo: sandbox.url("in/" + last))   // the same inode, new content
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: other)
            try handle.close()
        }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("changed after the batch was planned"), "\(result.stderr)")
        for name in sandbox.files(under: "in") where name.contains("-64x") {
            let size = name.split(separator: "-").last!.split(separator: ".").first!.split(separator: "x").compactMap { Int($0) }
            let header = ImageHeader(file: sandbox.url("in/" + name))
            #expect(header?.width == size[0] && header?.height == size[1], "\(name) holds \(String(describing: header))")
        }
    }
}
