import Foundation
import Testing
import TestSupport

/// What a mistyped command line gets: the option it most likely meant, a refusal for a value given
/// twice, a usage error (never a new folder, never an extension-less file) for an output name that
/// is no image format, the size and pixel-count spellings people use, and a summary on every run.
@Suite struct TypoAndMisnameTests {
    @Test(arguments: [
        ("--qualty", "did you mean --quality?"), ("--widht", "did you mean --width?"), ("--dryrun", "did you mean --dry-run?"),
        ("--qual", "did you mean --quality?"), ("--jsn", "did you mean --json?"), ("--verbos", "did you mean --verbose?"),
        ("--prog", "did you mean --progressive or --progress?"), ("--zzzzzz", "(see aspectfit --help)"),
    ])
    func aMistypedOptionGetsTheNearestName(typed: String, hint: String) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run([typed, "x.jpg"])
        #expect(result.status == 2)
        #expect(result.stderr == "aspectfit: unknown option '\(typed)' \(hint.hasPrefix("(") ? hint : "(\(hint))")\n", "\(result.stderr)")
    }

    /// The last value wins (an alias's defaults must be overridable: `alias af='aspectfit -q 80'`,
    /// then `af -q 90`), with one warning line naming both; the same value twice says nothing.
    @Test func aSingleValueOptionGivenTwiceWarnsAndTheLastWins() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let twice = try sandbox.run(["-w", "64", "--width", "128", "-o", "o.jpg", "a.jpg"])
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.stderr.hasPrefix("aspectfit: warning: --width given twice ('64', then '128'); the last is used\n"), "\(twice.stderr)")
        #expect(ImageHeader(file: sandbox.url("o.jpg"))?.width == 128)
        let same = try sandbox.run(["-w", "64", "--width=64", "-o", "o2.jpg", "a.jpg"])
        #expect(same.status == 0 && !same.stderr.contains("warning"), "\(same.stderr)")
        let inVariant = try sandbox.run(["-w", "64", "--variant", "-w 32 -w 16 -o v/", "a.jpg"])
        #expect(inVariant.stderr.contains("warning: --variant '-w 32 -w 16 -o v/': --width given twice ('32', then '16')"), "\(inVariant.stderr)")
        #expect(inVariant.stderr.components(separatedBy: "given twice").count == 2, "one warning, not one per parse: \(inVariant.stderr)")
        let variants = try sandbox.run(["-w", "64", "--variant", "-w 32 -o v2/", "--variant", "-w 16 -o u/", "a.jpg"])
        #expect(variants.status == 0 && !variants.stderr.contains("warning"), "--variant is the one option that repeats: \(variants.stderr)")
    }

    /// Every kind of output name: an extension we write, one we do not, one that is no image
    /// format, none, a trailing slash, an existing folder with a dot, templates with and without one.
    @Test(arguments: [
        ("x.pgn", false, "'.pgn' is not an image format aspectfit writes"), ("x.jgp", false, "'.jgp' is not an image format"),
        ("a.txt", false, "'.txt' is not an image format"), ("x.tiff", false, "cannot write .tiff files"),
        ("t3/{name}", false, "the template's file names would have no extension"),
        ("t4/{name}-{w}x{h}", false, "would have no extension"),
        ("out.JPG", true, "out.JPG"), ("thumbs", true, "thumbs/a.jpg"), ("photos.2024/", true, "photos.2024/a.jpg"),
        ("existing.d", true, "existing.d/a.jpg"), ("t5/{name}.{ext}", true, "t5/a.jpg"), ("t6/{name}.png", true, "t6/a.png"),
    ])
    func anOutputNameIsAFileAFolderOrAUsageError(output: String, accepted: Bool, expected: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("existing.d"), withIntermediateDirectories: false)
        let result = try sandbox.run(["-w", "40", "-o", output, "a.jpg"])
        if accepted {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(ImageHeader(file: sandbox.url(expected)) != nil, "\(output) -> \(sandbox.files(under: "."))")
        } else {
            #expect(result.status == 2)
            #expect(result.stderr.contains("-o \(output): ") && result.stderr.contains(expected), "\(result.stderr)")
            #expect(sandbox.files(under: ".") == ["a.jpg"] && !sandbox.exists(String(output.prefix { $0 != "/" })),
                    "nothing made: \(sandbox.files(under: "."))")
        }
    }

    @Test(arguments: ["300x200", "300X200", "300:200"])
    func aSizeIsSpelledAsPeopleSpellIt(size: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let result = try sandbox.run(["-s", size, "-o", "o.jpg", "a.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ImageHeader(file: sandbox.url("o.jpg")) == ImageHeader(format: "jpeg", width: 300, height: 200))
    }

    /// `--max-pixels` counts in decimal units: a fraction is fine when the count comes out whole.
    /// The 227x149 sample has 33,823 pixels: allowed at 33.823K and over, refused below.
    @Test(arguments: [("33.823K", true), ("0.033823M", true), ("1.5M", true), ("33.822K", false), ("0.5", false),
                      ("1.0000005M", false), ("1.", false), (".5M", false)])
    func aPixelCountMayHaveADecimalFraction(count: String, allowed: Bool) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let result = try sandbox.run(["--max-pixels", count, "-w", "20", "-o", "o.jpg", "a.jpg"])
        let invalid = ["0.5", "1.0000005M", "1.", ".5M"].contains(count)
        #expect(result.status == (allowed ? 0 : invalid ? 2 : 1), "\(count): \(result.stderr)")
    }

    @Test func everyRunEndsWithOneSummaryLineUnlessQuiet() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let ok = try sandbox.run(["-w", "20", "-o", "o/", "a.jpg"])
        #expect(ok.stderr.hasPrefix("aspectfit: 1 written, 0 failed, 0 skipped in "), "\(ok.stderr)")
        let json = try sandbox.run(["--json", "-w", "20", "-o", "j/", "a.jpg"])
        #expect(json.stderr.hasPrefix("aspectfit: 1 written"), "\(json.stderr)")
        let quiet = try sandbox.run(["--quiet", "-w", "20", "-o", "q/", "a.jpg"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aPipeNamedAsAFileSaysToGiveADash() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let result = try CommandRunner.shell("cat a.jpg | \"$ASPECTFIT\" -w 20 -o o.jpg /dev/stdin", in: sandbox.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("/dev/stdin: not a regular file (a pipe, FIFO or device; to read standard input, give -)"),
                "\(result.stderr)")
    }

    /// With --follow-symlinks given, a skipped link is broken (dangling or a loop): the hint must
    /// not suggest the option already there.
    @Test func aBrokenSymlinkIsNotBlamedOnAMissingOption() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("in/gone.jpg").path, withDestinationPath: "nowhere.jpg")
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("in/loop.jpg").path, withDestinationPath: "loop.jpg")
        let result = try sandbox.run(["--follow-symlinks", "-w", "20", "-o", "o/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 broken symlinks skipped (dangling or in a loop)"), "\(result.stderr)")
        #expect(!result.stderr.contains("--follow-symlinks follows them"), "\(result.stderr)")
    }
}
