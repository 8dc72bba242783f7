import Foundation
import Testing
import TestSupport

/// `--help`, `--version`, and command lines refused before any work (exit 2, nothing written).
@Suite struct UsageTests {
    @Test func versionPrintsTheVersion() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutText == "aspectfit 0.1.0\n")
    }

    @Test func helpReadsLikeAManPage() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["--help"])
        #expect(result.status == 0)
        for section in ["SYNOPSIS", "SHAPE OPTIONS", "OUTPUT OPTIONS", "BATCH OPTIONS", "REPORTING OPTIONS", "EXIT STATUS", "EXAMPLES",
                        "--files-from - -0", "--shard", "parallel", "jq", "xargs", "square", "openGraph", "southWest", "catmull-rom"] {
            #expect(result.stdoutText.contains(section), "help lacks \(section)")
        }
    }

    @Test(arguments: [
        (["--bogus", "a.jpg"], "unknown option"),
        (["-r", "4:0", "a.jpg"], "--ratio"),
        (["-r", "wide-ish", "a.jpg"], "--ratio"),
        (["-g", "up", "a.jpg"], "--gravity"),
        (["--background", "#12", "a.jpg"], "--background"),
        (["--filter", "sinc9", "a.jpg"], "--filter"),
        (["--radius", "-3", "a.jpg"], "--radius"),
        (["--focus", "2,2", "a.jpg"], "--focus"),
        (["-q", "101", "a.jpg"], "--quality"),
        (["--png-compression", "10", "a.jpg"], "--png-compression"),
        (["--shard", "4/3", "a.jpg"], "--shard"),
        (["-j", "0", "a.jpg"], "--jobs"),
        (["--max-file-size", "1T", "a.jpg"], "--max-file-size"),
        (["--max-file-size", "9223372036854775807", "a.jpg"], "--max-file-size"),
        (["-w"], "needs a value"),
        (["--size", "800x600", "--ratio", "4:3", "a.jpg"], "cannot be used together"),
        (["-g", "north", "--focus", "0.5,0.5", "a.jpg"], "cannot be used together"),
        (["--strip", "--keep-metadata", "a.jpg"], "cannot be used together"),
        (["-f", "png", "-o", "out.jpg", "a.jpg"], "conflicts"),
        (["-o", "one.jpg", "a.jpg", "b.png"], "one output"),
        (["-o", "-", "a.jpg", "b.png"], "one output"),
        (["-o", "-", "--json", "a.jpg"], "--json"),
        (["-o", "out/{nmae}.{ext}", "a.jpg"], "unknown placeholder"),
        ([], "no input"),
    ] as [([String], String)])
    func usageErrorsExit2BeforeAnyWork(arguments: [String], message: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.copy(Samples.png, to: "b.png")
        let result = try sandbox.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("aspectfit: "))
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(sandbox.files(under: ".") == ["a.jpg", "b.png"])
    }

    @Test func outputCollisionExits2NamingBothInputs() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "one/x.jpg")
        try sandbox.copy(Samples.jpeg, to: "two/x.jpg")
        try sandbox.copy(Samples.png, to: "b.png")
        let result = try sandbox.run(["-r", "1:1", "-w", "32", "-o", "out/", "b.png", "one/x.jpg", "two/x.jpg"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("one/x.jpg and two/x.jpg would both write out/x.jpg"), "\(result.stderr)")
        #expect(!sandbox.exists("out"))
    }

    @Test func differentExtensionsCollideWhenTheFormatIsForced() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "x.jpg")
        try sandbox.copy(Samples.png, to: "x.png")
        let result = try sandbox.run(["-f", "png", "-o", "out", "x.jpg", "x.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("would both write out/x.png"), "\(result.stderr)")
        #expect(!sandbox.exists("out"))
    }

    @Test func anInputIsNeverOverwritten() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let before = try sandbox.data("a.jpg")
        let result = try sandbox.run(["-r", "1:1", "-o", "a.jpg", "a.jpg"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("refusing to write over an input"))
        #expect(try Bytes(sandbox.data("a.jpg")) == Bytes(before))
    }
}
