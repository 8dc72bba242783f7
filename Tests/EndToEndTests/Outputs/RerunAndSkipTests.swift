import Foundation
import Testing
import TestSupport

/// Issue 10 items 2, 3, 8: no silent no-op, reruns in the default mode (outputs beside inputs), and
/// skips that are either failures or explained.
@Suite struct RerunAndSkipTests {
    /// `-o p/ p/`, `-o . .`, `-R -o p/ p/` used to print nothing, write nothing and exit 0.
    @Test(arguments: [(["-o", "p/"], "p/"), (["-o", "p"], "p"), (["-R", "-o", "p/"], "p/"), (["-o", "."], "."), (["-o", "./"], "p/..")])
    func outputFolderThatIsTheInputFolderIsAUsageError(arguments: [String], input: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "p/x.jpg")
        try sandbox.copy(Samples.jpeg, to: "y.jpg")
        let before = sandbox.files(under: ".")
        let result = try sandbox.run(["-r", "4:3", "-w", "50"] + arguments + [input])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("the output folder is the input folder"), "\(result.stderr)")
        #expect(sandbox.files(under: ".") == before)
    }

    /// The README's resume recipe in the default mode: the rerun skips what the first run made,
    /// and a rerun at another size does not take the first run's outputs as inputs.
    @Test(.tags(.pipeline)) func defaultModeRerunsSkipAndNeverThumbnailThumbnails() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "p/x.jpg")
        try sandbox.copy(Samples.png, to: "p/t.png")
        try sandbox.copy(Samples.jpeg, to: "p/holiday-2024x1.jpg")   // no 'holiday' input: a photo, not an output
        let first = try sandbox.run(["-r", "4:3", "-w", "100", "p"])
        #expect(first.status == 0, "\(first.stderr)")
        let afterFirst = ["holiday-2024x1-100x75.jpg", "holiday-2024x1.jpg", "t-100x75.png", "t.png", "x-100x75.jpg", "x.jpg"]
        #expect(sandbox.files(under: "p") == afterFirst)
        let firstBytes = try sandbox.data("p/x-100x75.jpg")

        let rerun = try sandbox.run(["--skip-existing", "--json", "-r", "4:3", "-w", "100", "p"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let records = rerun.jsonLines.filter { $0["summary"] == nil }
        #expect(records.map { $0["input"] as? String } == ["p/holiday-2024x1.jpg", "p/t.png", "p/x.jpg"])
        #expect(records.allSatisfy { $0["status"] as? String == "skipped" })
        #expect(rerun.jsonLines.last?["earlier_outputs_skipped"] as? Int == 3)
        #expect(sandbox.files(under: "p") == afterFirst)

        let same = try sandbox.run(["-r", "4:3", "-w", "100", "p"])   // without --skip-existing: rewritten, same bytes
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try Bytes(sandbox.data("p/x-100x75.jpg")) == Bytes(firstBytes))

        let bigger = try sandbox.run(["-r", "4:3", "-w", "200", "p"])
        #expect(bigger.status == 0, "\(bigger.stderr)")
        #expect(sandbox.files(under: "p") == (afterFirst + ["holiday-2024x1-200x150.jpg", "t-200x150.png", "x-200x150.jpg"]).sorted())
    }

    /// A folder that yields nothing says why instead of "0 written" and silence.
    @Test func aBatchWithNothingToDoSaysWhy() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "only-folders/sub/a.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("only-links"), withIntermediateDirectories: true)
        try sandbox.copy(Samples.jpeg, to: "elsewhere/b.jpg")
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("only-links/b.jpg").path, withDestinationPath: sandbox.url("elsewhere/b.jpg").path)
        try FileManager.default.createSymbolicLink(atPath: sandbox.url("only-links/d").path, withDestinationPath: sandbox.url("elsewhere").path)

        let folders = try sandbox.run(["-w", "20", "-o", "out/", "only-folders"])
        #expect(folders.status == 0)
        #expect(folders.stderr.contains("nothing to do") && folders.stderr.contains("1 sub-folder skipped (-R walks them)"), "\(folders.stderr)")
        let links = try sandbox.run(["-w", "20", "-o", "out/", "--json", "only-links"])
        #expect(links.status == 0)
        #expect(links.stderr.contains("nothing to do") && links.stderr.contains("2 symlinks skipped (--follow-symlinks follows them)"), "\(links.stderr)")
        #expect(links.jsonLines.last?["symlinks_skipped"] as? Int == 2)
        let quiet = try sandbox.run(["-w", "20", "-o", "out/", "--quiet", "only-links"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        #expect(!sandbox.exists("out"))
    }

    static let notAnImage = "not a JPEG, PNG, WebP, AVIF, HEIF or GIF image"

    /// A file named like an image aspectfit reads in a walked folder that is not one fails (exit 1, a line, a record).
    @Test(arguments: [("empty.jpg", Data(), "empty file"), ("bad.png", Data("\u{89}PNX\r\n\u{1A}\nrest".utf8), Self.notAnImage),
                      ("text.JPEG", Data("hello".utf8), Self.notAnImage), ("tiff.jfif", Data("II*\u{0}........".utf8), Self.notAnImage),
                      ("text.webp", Data("hello".utf8), Self.notAnImage), ("text.HEIC", Data("hello".utf8), Self.notAnImage),
                      ("text.avif", Data("hello".utf8), Self.notAnImage), ("text.gif", Data("hello".utf8), Self.notAnImage),
                      ("cut.gif", Data("GIF89a....".utf8), "truncated GIF data")])
    func misnamedFileInAFolderIsAFailure(name: String, content: Data, message: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/good.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("in"), withIntermediateDirectories: true)
        try content.write(to: sandbox.url("in/\(name)"))
        try sandbox.write("notes", to: "in/readme.txt")
        let result = try sandbox.run(["-w", "20", "--json", "-o", "out/", "in"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("in/\(name): \(message)"), "\(result.stderr)")
        let record = result.jsonLines.first { $0["input"] as? String == "in/\(name)" }
        #expect(record?["status"] as? String == "error")
        #expect(result.jsonLines.last?["non_images_skipped"] as? Int == 1)
        #expect(sandbox.files(under: "out") == ["good.jpg"])
    }
}
