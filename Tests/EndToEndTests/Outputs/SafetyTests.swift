#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Where a batch may write: never outside its output folder, never over or into an input,
/// with the umask's permissions, and nothing partial when the disk refuses.
@Suite struct PathSafetyTests {
    @Test func anEmptyLeadingRelStaysRelative() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let name = "zz-\(UUID().uuidString)"
        try sandbox.copy(Samples.jpeg, to: "tree/\(name).jpg")
        try sandbox.copy(Samples.jpeg, to: "tree/sub/b.jpg")
        let result = try sandbox.run(["-R", "-r", "1:1", "-w", "16", "-o", "{rel}/{name}.{ext}", "tree"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.exists("\(name).jpg") && sandbox.exists("sub/b.jpg"))
        #expect(!FileManager.default.fileExists(atPath: "/\(name).jpg"))
    }

    @Test func substitutionsNeverClimbOutOfTheOutputFolder() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "work/deep/a.jpg")
        try sandbox.copy(Samples.jpeg, to: "work/deep/new\nline.jpg")
        let absolute = try sandbox.copy(Samples.jpeg, to: "elsewhere/abs.jpg").path
        let deep = sandbox.url("work/deep")
        // '..' after a placeholder would climb out of out/ (here to work/).
        let climb = try CommandRunner.run(["-r", "1:1", "-w", "16", "-o", "out/{name}/../../../esc-{name}.{ext}", "a.jpg"], in: deep)
        #expect(climb.status == 1)
        #expect(climb.stderr.contains("would climb out of its folder"), "\(climb.stderr)")
        // An absolute input directory in {dir} is nested below out/; a newline in {name} stays a name.
        let nested = try CommandRunner.run(["-r", "1:1", "-w", "16", "-o", "out/{dir}/{name}.{ext}", absolute, "new\nline.jpg"], in: deep)
        #expect(nested.status == 0, "\(nested.stderr)")
        let expected = ["a.jpg", "new\nline.jpg", "out/\(sandbox.url("elsewhere").path.dropFirst())/abs.jpg", "out/new\nline.jpg"]
        #expect(sandbox.files(under: "work") == expected.map { "deep/\($0)" }.sorted())
        #expect(sandbox.files(under: "elsewhere") == ["abs.jpg"])
    }

    @Test func walksFollowNoSymlinkOutOfTheTreeUnlessAsked() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "tree/a.jpg")
        try sandbox.copy(Samples.png, to: "private/secret.png")
        let fm = FileManager.default
        try fm.createDirectory(at: sandbox.url("tree/sub"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: sandbox.url("tree/sub/leak.png").path, withDestinationPath: "../../private/secret.png")
        try fm.createSymbolicLink(atPath: sandbox.url("tree/absolute.png").path, withDestinationPath: sandbox.url("private/secret.png").path)
        try fm.createSymbolicLink(atPath: sandbox.url("tree/sub/again.jpg").path, withDestinationPath: "../a.jpg")
        try fm.createSymbolicLink(atPath: sandbox.url("tree/sub/up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: sandbox.url("tree/sub/self").path, withDestinationPath: ".")
        let plain = try sandbox.run(["-R", "-r", "1:1", "-w", "16", "-o", "plain/", "tree"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(sandbox.files(under: "plain") == ["a.jpg", "sub/again.jpg"])
        let followed = try CommandRunner.run(["-R", "--follow-symlinks", "-r", "1:1", "-w", "16", "-o", "followed/", "tree"],
                                             in: sandbox.root, killAfter: 60)
        #expect(!followed.killed, "a symlink loop kept the walk going")
        #expect(followed.result.status == 0, "\(followed.result.stderr)")
        #expect(sandbox.files(under: "followed") == ["a.jpg", "absolute.png", "sub/again.jpg", "sub/leak.png"])
    }

    /// A symlink planted inside the output tree (`out/sub -> elsewhere`) is not written through;
    /// the output folder itself may be a symlink (the user named it).
    @Test func aMirroredTreeIsNotWrittenThroughASymlinkedSubfolder() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "tree/a.jpg")
        try sandbox.copy(Samples.jpeg, to: "tree/sub/b.jpg")
        let fm = FileManager.default
        try fm.createDirectory(at: sandbox.url("elsewhere"), withIntermediateDirectories: true)
        try fm.createDirectory(at: sandbox.url("real"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: sandbox.url("out").path, withDestinationPath: "real")
        try fm.createSymbolicLink(atPath: sandbox.url("real/sub").path, withDestinationPath: "../elsewhere")
        for output in ["out/", "out/{rel}/{name}.{ext}"] {
            let result = try sandbox.run(["-R", "-r", "1:1", "-w", "16", "-o", output, "tree"])
            #expect(result.status == 1, "\(output): \(result.stderr)")
            #expect(result.stderr.contains("out/sub is a symlink inside the output folder; refusing to write through it"), "\(result.stderr)")
            #expect(sandbox.files(under: "elsewhere").isEmpty)
            #expect(sandbox.files(under: "real") == ["a.jpg"])
        }
    }

    @Test func anOutputSymlinkToAnInputIsKeptOrReplacedAndTheInputKept() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("out/a.jpg").path, withDestinationPath: "../in/a.jpg")
        let before = try FileSnapshot(sandbox, under: "in")
        let kept = try sandbox.run(["-r", "1:1", "-w", "16", "-o", "out/", "in"])
        #expect(kept.status == 1, "\(kept.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.url("out/a.jpg").path) == "../in/a.jpg")
        let result = try sandbox.run(["-r", "1:1", "-w", "16", "--overwrite", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileSnapshot(sandbox, under: "in") == before)
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.url("out/a.jpg").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(ImageHeader(file: sandbox.url("out/a.jpg")) == ImageHeader(format: "jpeg", width: 16, height: 16))
    }

    @Test func outputsThatWouldReplaceAnInputAreRefused() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try sandbox.copy(Samples.png, to: "in/b.png")
        try FileManager.default.createDirectory(at: sandbox.url("out"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: sandbox.url("in/b.png"), to: sandbox.url("out/b.png"))
        let before = try FileSnapshot(sandbox, under: "in")
        let named = try sandbox.run(["-r", "1:1", "-w", "16", "-o", "{dir}/{name}.{ext}", "in/a.jpg"])
        #expect(named.status == 2)
        #expect(named.stderr.contains("refusing to write over an input"), "\(named.stderr)")
        let linked = try sandbox.run(["-r", "1:1", "-w", "16", "-o", "out/", "in"])
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("output out/b.png is the input in/b.png"), "\(linked.stderr)")
        #expect(try FileSnapshot(sandbox, under: "in") == before)
        #expect(sandbox.files(under: "out") == ["b.png"])
    }

    @Test func aBatchNeverModifiesItsInputs() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        for kind in ConcurrencyTests.kinds { try sandbox.copy(kind, to: "in/\((kind as NSString).lastPathComponent)") }
        try sandbox.copy(Samples.rotated, to: "in/sub/rotated.jpg")
        try sandbox.copy(Samples.truncated, to: "in/sub/truncated.jpg")
        let before = try FileSnapshot(sandbox, under: "in")
        #expect(before.entries.count == 12)
        usleep(20_000)   // a rewrite would show in the modification time too
        for arguments in [["-R", "-j", "4", "-r", "1:1", "-w", "32", "-o", "out1/", "in"],
                          ["-R", "-r", "16:9", "--radius", "20%", "-f", "png", "-o", "out2/{rel}/{name}-{w}.{ext}", "in"],
                          ["-R", "--fail-on", "none", "--strip", "-o", "out3/", "in"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status <= 1, "\(arguments): \(result.stderr)")
            #expect(try FileSnapshot(sandbox, under: "in") == before, "\(arguments)")
        }
    }

    @Test(arguments: [("027", 0o640, 0o750), ("002", 0o664, 0o775)])
    func outputPermissionsFollowTheUmask(umask: String, fileMode: Int, directoryMode: Int) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let result = try CommandRunner.shell("umask \(umask); exec \"$ASPECTFIT\" -r 1:1 -w 16 -o out/sub/ a.jpg", in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        func mode(_ relative: String) throws -> Int {
            try ((FileManager.default.attributesOfItem(atPath: sandbox.url(relative).path)[.posixPermissions] as? NSNumber)?.intValue) ?? -1
        }
        #expect(try mode("out/sub/a.jpg") == fileMode)
        #expect(try mode("out") == directoryMode)
        #expect(try mode("out/sub") == directoryMode)
    }

    /// As root (CI) the binary runs as nobody through setpriv: root would write anyway.
    @Test func aReadOnlyOutputFolderFailsEachFileAndLeavesNothing() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.copy(Samples.png, to: "b.png")
        try FileManager.default.createDirectory(at: sandbox.url("ro"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.url("ro").path)
        let result = try Privileges.runUnprivileged(["-r", "1:1", "-w", "16", "-o", "ro/", "a.jpg", "b.png"], in: sandbox)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: a.jpg: cannot write ro/a.jpg: Permission denied"), "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: b.png: cannot write ro/b.png: Permission denied"))
        #expect(sandbox.files(under: "ro").isEmpty)
    }

    /// A real full disk: a 256 KiB tmpfs (mounting needs root; under CI=true the suite is root).
    @Test(.enabled(if: Privileges.canMount, "mounting a tmpfs needs root; run as root (CI=true) for the full-disk case"))
    func aFullDiskFailsThoseFilesAndLeavesNoPartialFile() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a-small.jpg")
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "in/b-big.jpg")   // ~1.5 MB as PNG
        try sandbox.copy(Samples.png, to: "in/c-small.png")
        let disk = try Tmpfs(at: sandbox.url("full"), size: "256k")
        defer { disk.unmount() }
        let result = try sandbox.run(["-j", "1", "-f", "png", "-o", "full/", "in"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: in/b-big.jpg: cannot write full/b-big.png: No space left on device"), "\(result.stderr)")
        let left = sandbox.files(under: "full")
        #expect(left.contains("a-small.png") && !left.contains("b-big.png"), "\(left)")
        #expect(OutputScan.temporaries(in: sandbox, under: "full").isEmpty, "\(left)")
        #expect(OutputScan.incomplete(in: sandbox, under: "full").isEmpty)
    }
}
