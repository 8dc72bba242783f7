#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Inputs that are not what they seem: FIFOs, devices, huge or vanishing files, unreadable
/// ones, repeats, bad lists. Each is a per-file error (or processed once), never a hang.
@Suite struct HostileInputTests {
    @Test func fifosAndDevicesAreRefusedWithoutBlocking() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        #expect(mkfifo(sandbox.url("pipe.jpg").path, 0o644) == 0)
        let (result, killed) = try CommandRunner.run(["-r", "1:1", "-w", "16", "-o", "out/", "pipe.jpg", "/dev/zero", "a.jpg"],
                                                     in: sandbox.root, killAfter: 30)
        #expect(!killed, "hung on a FIFO or device")
        #expect(result.status == 1)
        #expect(result.stderr.contains("aspectfit: pipe.jpg: not a regular file"), "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: /dev/zero: not a regular file"))
        #expect(sandbox.files(under: "out") == ["a.jpg"])
    }

    /// Inputs that vanish or turn into a FIFO between the listing and their turn.
    @Test func inputsChangedAfterListingFailAloneWithoutBlocking() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 300)
        let (process, out, err) = try CommandRunner.start(["-j", "1", "-r", "1:1", "-w", "64", "-o", "out/", "in"], in: sandbox.root)
        SignalTests.wait(for: process) { !sandbox.files(under: "out").isEmpty }
        try FileManager.default.removeItem(at: sandbox.url("in/img299.jpg"))
        try FileManager.default.removeItem(at: sandbox.url("in/img298.jpg"))
        #expect(mkfifo(sandbox.url("in/img298.jpg").path, 0o644) == 0)
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { kill(pid, SIGKILL) } }
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: in/img298.jpg: not a regular file"), "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: in/img299.jpg: No such file or directory"))
        #expect(sandbox.files(under: "out").count == 298)
    }

    @Test func hugeInputsAreRefusedUnreadWithAClearError() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let huge = try sandbox.copy(Samples.jpeg, to: "huge.jpg")   // JPEG magic, then sparse up to 1 GiB + 1
        #expect(truncate(huge.path, (1 << 30) + 1) == 0)
        let result = try sandbox.run(["-r", "1:1", "-w", "16", "-o", "out/", "huge.jpg", "a.jpg"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("aspectfit: huge.jpg: larger than the 1 GiB limit (--max-file-size)"), "\(result.stderr)")
        #expect(sandbox.files(under: "out") == ["a.jpg"])
        let capped = try sandbox.run(["--max-file-size", "4K", "-r", "1:1", "-w", "16", "-o", "capped/", "a.jpg"])
        #expect(capped.status == 1)
        #expect(capped.stderr.contains("larger than the 4 KiB limit"), "\(capped.stderr)")
        let endless = try CommandRunner.shell("head -c 3000000 /dev/zero | \"$ASPECTFIT\" --max-file-size 1M -r 1:1 -w 16 - >/dev/null",
                                              in: sandbox.root)
        #expect(endless.status == 1)
        #expect(endless.stderr.contains("cannot read standard input: larger than the 1 MiB limit"), "\(endless.stderr)")
    }

    /// A tree deeper than PATH_MAX: what cannot be reached is reported, not silently dropped.
    @Test func entriesBeyondThePathLengthLimitAreReported() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "tree/a.jpg")
        defer { _ = try? CommandRunner.shell("rm -rf tree", in: sandbox.root) }   // deeper than FileManager removes
        let image = [UInt8](try sandbox.data("tree/a.jpg"))
        var fd = open(sandbox.url("tree").path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<2100 {   // "d/" x 2100: 4200 bytes
            #expect(mkdirat(fd, "d", 0o755) == 0)
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let file = openat(fd, "deep.jpg", O_WRONLY | O_CREAT, 0o644)
        #expect(image.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == image.count)
        close(file)
        close(fd)
        let result = try sandbox.run(["-R", "-r", "1:1", "-w", "16", "-o", "out/", "tree"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("File name too long"), "\(result.stderr.suffix(300))")
        #expect(sandbox.files(under: "out") == ["a.jpg"])
    }

    /// As root (CI) the binary runs as nobody through setpriv: root reads anything.
    @Test func unreadableFilesAndFoldersFailAlone() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/locked.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/closed/c.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("out"), withIntermediateDirectories: true)
        let fm = FileManager.default
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: sandbox.url("in/locked.jpg").path)
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: sandbox.url("in/closed").path)
        try fm.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox.url("out").path)
        defer { try? fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.url("in/closed").path) }
        let result = try Privileges.runUnprivileged(["-R", "-r", "1:1", "-w", "16", "-o", "out/", "in"], in: sandbox)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: in/locked.jpg: Permission denied"), "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: in/closed: cannot read directory: Permission denied"))
        #expect(sandbox.files(under: "out") == ["a.jpg"])
    }

    @Test func aFolderAndAFileInItNamedTwiceAreProcessedOnce() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "d/a.jpg")
        try sandbox.copy(Samples.png, to: "d/b.png")
        let result = try sandbox.run(["--json", "-r", "1:1", "-w", "16", "-o", "out/", "d", "d", "./d/", "d/a.jpg", "./d/b.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.jsonLines.last?["total"] as? Int == 2)
        #expect(sandbox.files(under: "out") == ["a.jpg", "b.png"])
    }

    @Test func anOutputFolderThatIsAFileFailsEachInput() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.write("not a folder", to: "taken")
        let result = try sandbox.run(["-r", "1:1", "-w", "16", "-o", "taken/", "a.jpg"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("aspectfit: a.jpg: cannot write taken/a.jpg: Not a directory"), "\(result.stderr)")
        #expect(String(decoding: try sandbox.data("taken"), as: UTF8.self) == "not a folder")
    }

    @Test func listedPathsThatDoNotExistFailAlone() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.write("a.jpg\nmissing.jpg\ngone/\n", to: "list.txt")
        let result = try sandbox.run(["--files-from", "list.txt", "-r", "1:1", "-w", "16", "-o", "out/"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("aspectfit: missing.jpg: No such file or directory"), "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: gone/: No such file or directory"))
        #expect(sandbox.files(under: "out") == ["a.jpg"])
        let noList = try sandbox.run(["--files-from", "nolist.txt", "-o", "out2/"])
        #expect(noList.status == 2)
        #expect(noList.stderr.contains("--files-from nolist.txt: No such file or directory"))
        #expect(!sandbox.exists("out2"))
    }

    /// A name with a newline and a terminal escape sequence (retitle, BEL) is shown escaped:
    /// one error stays one line and reaches the terminal as text; --json keeps the exact name.
    @Test func controlCharactersInNamesAreEscapedInMessages() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let name = "evil\u{1B}]0;pwned\u{07}\nname.jpg"
        try sandbox.copy(Samples.truncated, to: "in/\(name)")
        let result = try sandbox.run(["--json", "-v", "-r", "1:1", "-w", "16", "-o", "out/", "in"])
        #expect(result.status == 1)
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "aspectfit: in/evil\\x1b]0;pwned\\x07\\nname.jpg: truncated JPEG data", "\(result.stderr.debugDescription)")
        #expect(lines.count == 2)   // the error and the summary
        #expect(result.jsonLines.first?["input"] as? String == "in/\(name)")
    }

    /// A SIGKILLed run leaves its temporaries; a restarted container may reuse its PID.
    @Test func aTemporaryNameLeftByAKilledRunIsPassedOver() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let result = try CommandRunner.shell(
            "mkdir out && touch out/.a.jpg.aspectfit-$$-1.tmp out/.a.jpg.aspectfit-$$-2.tmp && exec \"$ASPECTFIT\" -r 1:1 -w 16 -o out/ a.jpg",
            in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out").filter { !OutputScan.isTemporary($0) } == ["a.jpg"])
        #expect(OutputScan.incomplete(in: sandbox, under: "out").count == 2)   // the two stale ones, untouched
    }

    /// `ulimit -f`: a write past the limit is a per-file error (SIGXFSZ would kill the batch).
    @Test func aFileSizeLimitFailsThatFileAndLeavesNoPartialFile() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a-small.jpg")
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "in/b-big.jpg")
        let result = try CommandRunner.shell("ulimit -f 100; exec \"$ASPECTFIT\" -j 1 -f png -o out/ in", in: sandbox.root)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("aspectfit: in/b-big.jpg: cannot write out/b-big.png: File too large"), "\(result.stderr)")
        #expect(sandbox.files(under: "out") == ["a-small.png"])
    }
}
