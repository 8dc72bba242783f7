#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Where outputs go: a file, beside the input, a directory, a mirrored tree, a template, stdout.
@Suite struct OutputPathTests {
    @Test func singleFileToNamedOutput() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in.jpg")
        let result = try sandbox.run(["--ratio", "4:3", "--width", "80", "-o", "out.jpg", "in.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("aspectfit: 1 written, 0 failed, 0 skipped in ") && result.stderr.filter { $0 == "\n" }.count == 1,
                "one summary line: \(result.stderr)")
        #expect(sandbox.files(under: ".") == ["in.jpg", "out.jpg"])
    }

    @Test(.tags(.pipeline)) func singleFileHasTheRequestedSize() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in.jpg")
        let result = try sandbox.run(["--ratio", "4:3", "--width", "80", "-o", "out.jpg", "in.jpg"])
        #expect(result.status == 0)
        #expect(ImageHeader(file: sandbox.url("out.jpg")) == ImageHeader(format: "jpeg", width: 80, height: 60))
    }

    @Test(.tags(.pipeline)) func outputExtensionChoosesTheFormatAndKeepsTheSize() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in.jpg")
        let result = try sandbox.run(["-o", "out.png", "in.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ImageHeader(file: sandbox.url("out.png")) == ImageHeader(format: "png", width: 227, height: 149))
    }

    @Test func withoutOutputWritesBesideTheInputWithTheSize() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "pics/in.jpg")
        try sandbox.copy(Samples.png, to: "pics/tulips.png")
        let result = try sandbox.run(["-r", "4:3", "-w", "80", "pics/in.jpg", "pics/tulips.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "pics") == ["in-80x60.jpg", "in.jpg", "tulips-80x60.png", "tulips.png"])
    }

    @Test func directoryInputSkipsNonImagesAndSubfolders() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try sandbox.copy(Samples.png, to: "in/b.png")
        try sandbox.copy(Samples.jpeg, to: "in/photo-without-extension")
        try sandbox.copy(Samples.png, to: "in/sub/c.png")
        try sandbox.write("not an image", to: "in/notes.txt")   // (a non-image named .jpg fails: RerunAndSkipTests)
        let result = try sandbox.run(["-r", "square", "-w", "32", "--json", "-o", "out", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out") == ["a.jpg", "b.png", "photo-without-extension.jpg"])
        let summary = try #require(result.jsonLines.last)
        #expect(summary["non_images_skipped"] as? Int == 1)
        #expect(summary["ok"] as? Int == 3)
    }

    @Test func recursiveTreeIsMirrored() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "tree/a.jpg")
        try sandbox.copy(Samples.jpeg, to: "tree/2024/b.jpg")
        try sandbox.copy(Samples.png, to: "tree/2024/june/c d.png")
        try sandbox.copy(Samples.jpeg, to: "tree/2025/a.jpg")
        let result = try sandbox.run(["-R", "-r", "4:3", "-w", "40", "-o", "mirror/", "tree"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "mirror") == ["2024/b.jpg", "2024/june/c d.png", "2025/a.jpg", "a.jpg"])
    }

    @Test func templateNamesUseSizeNameAndExtension() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.copy(Samples.png, to: "b.png")
        let result = try sandbox.run(["-r", "16:9", "-w", "64", "-o", "thumbs/{name}-{w}x{h}-{ratio}.{ext}", "a.jpg", "b.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "thumbs") == ["a-64x36-16x9.jpg", "b-64x36-16x9.png"])
    }

    @Test func unsafeDirectoryNamesNeverShapeAnOutputPath() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/ok.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/line\nbreak/evil.jpg")
        let result = try sandbox.run(["-R", "-r", "1:1", "-w", "16", "--json", "-o", "out/{rel}/{name}.{ext}", "in"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot be used in an output path"), "\(result.stderr)")
        #expect(sandbox.files(under: "out") == ["ok.jpg"])
        let lines = result.jsonLines
        #expect(lines.count == 3)   // escaped newline in the path still gives valid JSON
        #expect(lines.contains { ($0["input"] as? String) == "in/line\nbreak/evil.jpg" && ($0["status"] as? String) == "error" })
    }

    @Test func aParentDirectoryInDirNeverClimbsOutOfTheOutputFolder() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.copy(Samples.jpeg, to: "work/b.jpg")
        let result = try CommandRunner.run(["-r", "1:1", "-w", "16", "-o", "out/{dir}/{name}.{ext}", "../a.jpg", "b.jpg"],
                                           in: sandbox.url("work"))
        #expect(result.status == 1)
        #expect(result.stderr.contains("aspectfit: ../a.jpg: "), "\(result.stderr)")
        #expect(sandbox.files(under: ".") == ["a.jpg", "work/b.jpg", "work/out/b.jpg"])
    }

    @Test func standardInputToStandardOutput() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let input = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Samples.jpeg)))
        let result = try sandbox.run(["-r", "1:1", "-w", "50", "-"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect([UInt8](result.stdout.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(sandbox.files(under: ".").isEmpty)
    }

    /// A pipe is read in growing chunks, a named file in one read of its size: the same bytes.
    @Test func aPipeAndANamedFileOfTheSameBytesGiveTheSameOutput() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let input = try Data(contentsOf: URL(fileURLWithPath: Corpus.path("photos/harvesters-1165x859.jpg")))
        #expect(input.count > 4 * 64 * 1024)
        let piped = try sandbox.run(["-r", "1:1", "-w", "50", "-o", "-", "-"], stdin: input)
        try input.write(to: sandbox.url("named.jpg"))
        let named = try sandbox.run(["-r", "1:1", "-w", "50", "-o", "-", "named.jpg"])
        #expect(piped.status == 0 && named.status == 0, "\(piped.stderr)\(named.stderr)")
        #expect(!piped.stdout.isEmpty && piped.stdout == named.stdout)
    }

    @Test(.tags(.pipeline)) func standardInputToStandardOutputHasTheRequestedSize() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let input = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Samples.png)))
        let result = try sandbox.run(["-r", "1:1", "-w", "50", "-o", "-", "-"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ImageHeader([UInt8](result.stdout)) == ImageHeader(format: "png", width: 50, height: 50))
    }

    @Test func filesFromWithNulSeparatorsKeepsAnyName() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let names = ["plain.jpg", "with space.jpg", "new\nline.png", "tab\there.jpg"]
        for name in names { try sandbox.copy(name.hasSuffix("png") ? Samples.png : Samples.jpeg, to: "in/\(name)") }
        let list = Data(names.map { "in/\($0)" }.joined(separator: "\0").utf8 + [0])
        let result = try sandbox.run(["--files-from", "-", "-0", "-r", "1:1", "-w", "24", "-o", "out/"], stdin: list)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out") == names.sorted())
    }

    @Test func filesFromAFileWithLines() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.copy(Samples.png, to: "dir/b.png")
        try sandbox.write("a.jpg\ndir\n\n", to: "list.txt")
        let result = try sandbox.run(["--files-from", "list.txt", "-r", "1:1", "-w", "24", "-o", "out/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out") == ["a.jpg", "b.png"])
    }

    /// A symlink at the output is a file aspectfit did not write: kept (the output fails) unless
    /// `--overwrite`, which replaces the link itself, never writing through it.
    @Test func aSymlinkAtTheOutputIsKeptOrWithOverwriteReplacedNotWrittenThrough() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.write("precious", to: "precious.txt")
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("out.jpg").path, withDestinationPath: "precious.txt")
        let kept = try sandbox.run(["-r", "1:1", "-o", "out.jpg", "a.jpg"])
        #expect(kept.status == 1, "\(kept.stderr)")
        #expect(kept.stderr.contains("out.jpg exists and was not written by aspectfit"), "\(kept.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.url("out.jpg").path) == "precious.txt")
        let result = try sandbox.run(["-r", "1:1", "--overwrite", "-o", "out.jpg", "a.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: try sandbox.data("precious.txt"), as: UTF8.self) == "precious")
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.url("out.jpg").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }
}

/// File names: extensions, symlinks and loops while walking.
@Suite struct InputWalkTests {
    @Test func theInputExtensionIsKeptWhenTheFormatIsUnchanged() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/Photo.JPEG")
        try sandbox.copy(Samples.png, to: "in/pic.PNG")
        #expect(try sandbox.run(["-r", "1:1", "-w", "16", "-o", "same/", "in"]).status == 0)
        #expect(sandbox.files(under: "same") == ["Photo.JPEG", "pic.PNG"])
        #expect(try sandbox.run(["-r", "1:1", "-w", "16", "-f", "png", "-o", "png/", "in"]).status == 0)
        #expect(sandbox.files(under: "png") == ["Photo.png", "pic.PNG"])
    }

    @Test func symlinkedDirectoriesAreFollowedOnlyOnRequestAndLoopsEnd() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "tree/a.jpg")
        try sandbox.copy(Samples.jpeg, to: "elsewhere/b.jpg")
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("tree/loop").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("tree/linked").path, withDestinationPath: "../elsewhere")
        let plain = try sandbox.run(["-R", "-r", "1:1", "-w", "16", "-o", "plain/", "tree"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(sandbox.files(under: "plain") == ["a.jpg"])
        let followed = try sandbox.run(["-R", "--follow-symlinks", "-r", "1:1", "-w", "16", "-o", "followed/", "tree"])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(sandbox.files(under: "followed") == ["a.jpg", "linked/b.jpg"])
    }

    @Test func theOutputDirectoryInsideTheInputTreeIsNotWalked() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "photos/a.jpg")
        #expect(try sandbox.run(["-R", "-r", "1:1", "-w", "16", "-o", "photos/thumbs", "photos"]).status == 0)
        let again = try sandbox.run(["-R", "--json", "-r", "1:1", "-w", "16", "-o", "photos/thumbs", "photos"])
        #expect(again.status == 0)
        #expect(again.jsonLines.last?["total"] as? Int == 1)
        #expect(sandbox.files(under: "photos") == ["a.jpg", "thumbs/a.jpg"])
    }

    @Test func verboseShowsThePlanAndForcedProgressDrawsABar() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let verbose = try sandbox.run(["-v", "-r", "1:1", "-w", "16", "-o", "v/", "a.jpg"])
        #expect(verbose.status == 0)
        #expect(verbose.stderr.contains("a.jpg -> v/a.jpg: 227x149 jpeg"), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("decode 1/"))
        #expect(verbose.stderr.contains(" ms"))
        let progress = try sandbox.run(["--progress", "-r", "1:1", "-w", "16", "-o", "p/", "a.jpg"])
        #expect(progress.stderr.contains("1/1 ["), "\(progress.stderr)")
        #expect(progress.stderr.contains("aspectfit: 1 written, 0 failed"), "a log gets the summary after the bar: \(progress.stderr)")
        let plain = try sandbox.run(["-r", "1:1", "-w", "16", "-o", "q/", "a.jpg"])
        #expect(plain.stderr.hasPrefix("aspectfit: 1 written"), "not a terminal: no progress, but the summary: \(plain.stderr)")
        let quiet = try sandbox.run(["--quiet", "-r", "1:1", "-w", "16", "-o", "r/", "a.jpg"])
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}

/// Paths are bytes: names that are not valid UTF-8 are processed and written byte-exact.
@Suite struct BytePathTests {
    /// `root/relative`, with raw bytes appended, as a C string for a system call.
    static func withRawPath<R>(_ sandbox: Sandbox, _ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        let full = Array(sandbox.root.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        return full.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) } }
    }

    @Test func invalidUTF8NamesSurviveAndJSONStaysValid() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let source = try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let linked = Self.withRawPath(sandbox, Array("in/".utf8) + latin1Name) { link(source.path, $0) }
        #expect(linked == 0)
        let result = try sandbox.run(["--json", "-r", "1:1", "-w", "16", "-o", "out", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        var st = stat()
        #expect(Self.withRawPath(sandbox, Array("out/".utf8) + latin1Name) { stat($0, &st) } == 0)
        let inputs = result.jsonLines.dropLast().compactMap { $0["input"] as? String }
        #expect(inputs == ["in/a.jpg", "in/caf\u{FFFD}.jpg"])
    }
}
