import Foundation
import Testing
import TestSupport

/// Every way a path can reach an output, crossed with every kind of file that may already be there
/// (issue 24 items 1-3): only aspectfit's own earlier output, unchanged since, is replaced; a file
/// anything else put there (an image, an edited output, a symlink) is kept and that output fails,
/// unless `--overwrite`; an input, named or found by a walk, is never replaced, with or without it.
@Suite struct OwnershipTests {
    /// How the output path is reached: the arguments that write `output` from the input `in/sub/p.jpg`
    /// (16x16), and the arguments that also make the file at `output` an input, named or walked.
    struct Route: CustomStringConvertible, Sendable {
        var name: String
        var output: String
        var arguments: [String]
        /// Extra inputs making `output` a named input, and a walked one.
        var named: [String]
        var walked: [String]
        /// Whether meeting an input there refuses the whole command (exit 2): every `-o` form does;
        /// the default name beside the input fails that output alone (exit 1).
        var inputIsUsageError = true
        var description: String { name }
    }

    static let size = ["-s", "16x16"]
    static let routes: [Route] = [
        Route(name: "default naming", output: "in/sub/p-16x16.jpg", arguments: size + ["in/sub/p.jpg"],
              named: ["in/sub/p-16x16.jpg"], walked: ["in/sub/"], inputIsUsageError: false),
        Route(name: "-o file", output: "o/card.jpg", arguments: size + ["-o", "o/card.jpg", "in/sub/p.jpg"],
              named: [], walked: []),
        Route(name: "-o folder", output: "o/p.jpg", arguments: size + ["-o", "o/", "in/sub/p.jpg"],
              named: ["o/p.jpg"], walked: ["o/"]),
        Route(name: "-o template", output: "t/p-t.jpg", arguments: size + ["-o", "t/{name}-t.{ext}", "in/sub/p.jpg"],
              named: ["t/p-t.jpg"], walked: ["t/"]),
        Route(name: "-R tree", output: "o/sub/p.jpg", arguments: size + ["-R", "-o", "o/", "in/"],
              named: ["o/sub/p.jpg"], walked: ["o/sub/"]),
        Route(name: "-R {rel} template", output: "r/sub/p.jpg", arguments: size + ["-R", "-o", "r/{rel}", "in/"],
              named: ["r/sub/p.jpg"], walked: ["r/sub/"]),
        Route(name: "variant", output: "v/p.jpg", arguments: ["--variant", "-s 16x16 -o v/", "in/sub/p.jpg"],
              named: ["v/p.jpg"], walked: ["v/"]),
    ]

    /// What is at the output path before the run.
    enum Existing: String, CaseIterable, Sendable {
        case earlierOutput, editedEarlierOutput, foreignImage, symlink, namedInput, walkedInput
    }

    @Test(arguments: routes, Existing.allCases)
    func onlyOurOwnUnchangedOutputIsReplaced(route: Route, existing: Existing) throws {
        guard try Corpus.require() else { return }
        if existing == .namedInput && route.named.isEmpty { return }   // -o FILE names one output for one input
        if existing == .walkedInput && route.walked.isEmpty { return }
        for overwrite in [false, true] {
            let sandbox = try Sandbox()
            try sandbox.copy(Samples.jpeg, to: "in/sub/p.jpg")
            let arguments = (overwrite ? ["--overwrite"] : []) + route.arguments
            var extra: [String] = []
            switch existing {
            case .earlierOutput, .editedEarlierOutput:
                try sandbox.copy(Samples.landscape, to: "prior.jpg")
                let first = try sandbox.run(Self.size + ["-o", route.output, "prior.jpg"])
                #expect(first.status == 0, "\(first.stderr)")
                if existing == .editedEarlierOutput {
                    var bytes = [UInt8](try sandbox.data(route.output))
                    bytes[bytes.count - 10] ^= 0x01   // one bit of the entropy-coded data
                    try Data(bytes).write(to: sandbox.url(route.output))
                }
            case .foreignImage, .namedInput, .walkedInput:
                try sandbox.copy(Samples.landscape, to: route.output)
                extra = existing == .namedInput ? route.named : existing == .walkedInput ? route.walked : []
            case .symlink:
                try sandbox.copy(Samples.landscape, to: "elsewhere/target.jpg")
                try FileManager.default.createDirectory(at: sandbox.url(route.output).deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: sandbox.url(route.output).path,
                                                           withDestinationPath: sandbox.url("elsewhere/target.jpg").path)
            }
            let before = try Data(contentsOf: sandbox.url(route.output))
            let target = try? sandbox.data("elsewhere/target.jpg")
            let result = try sandbox.run(arguments + extra)
            let after = try? Data(contentsOf: sandbox.url(route.output))
            let context = "\(route) over \(existing)\(overwrite ? " --overwrite" : ""): \(result.stderr)"
            let replaced = after.flatMap { WriterMarkOracle.unmarked([UInt8]($0)) }?.valid == true && after != before
            switch existing {
            case .earlierOutput:
                #expect(result.status == 0 && replaced, "\(context)")
            case .editedEarlierOutput, .foreignImage, .symlink:
                if overwrite {
                    #expect(result.status == 0 && replaced, "\(context)")
                } else {
                    #expect(result.status == 1 && after == before, "\(context)")
                    #expect(result.stderr.contains("\(route.output) exists and was not written by aspectfit"), "\(context)")
                }
                if existing == .symlink {
                    #expect(try sandbox.data("elsewhere/target.jpg") == target, "\(context): written through the symlink")
                    let kind = try FileManager.default.attributesOfItem(atPath: sandbox.url(route.output).path)[.type] as? FileAttributeType
                    #expect(kind == (overwrite ? .typeRegular : .typeSymbolicLink), "\(context)")
                }
            case .namedInput, .walkedInput:
                #expect(after == before, "\(context): an input was replaced")
                #expect(result.status == (route.inputIsUsageError ? 2 : 1), "\(context)")
                #expect(result.stderr.contains("input"), "\(context)")
            }
        }
    }

    /// The issue's own reproduction: a named `NAME-WxH.EXT` that is not ours is an input, processed,
    /// and never overwritten by NAME's thumbnail; the same through a walk, and the rerun.
    @Test func aNamedInputNamedLikeAnOutputIsProcessedAndKept() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "eo/photo.jpg")
        try sandbox.copy(Samples.landscape, to: "eo/photo-800x600.jpg")
        let original = try sandbox.data("eo/photo-800x600.jpg")
        for arguments in [["eo/photo.jpg", "eo/photo-800x600.jpg"], ["eo/"], ["eo/"]] {
            let result = try sandbox.run(["--json", "-s", "800x600"] + arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("eo/photo.jpg: eo/photo-800x600.jpg is an input of this run"), "\(result.stderr)")
            #expect(try sandbox.data("eo/photo-800x600.jpg") == original)
            let outputs = result.jsonLines.filter { $0["status"] as? String == "ok" }.compactMap { $0["output"] as? String }
            #expect(outputs == ["eo/photo-800x600-800x600.jpg"], "\(arguments)")
        }
        // a file named on the command line is always processed, even when it is provably an earlier
        // output of another named input (photo-800x600-800x600.jpg is ours, marked, beside its source)
        let w100 = try sandbox.run(["--json", "-w", "100", "eo/photo-800x600.jpg", "eo/photo-800x600-800x600.jpg"])
        #expect(w100.status == 0, "\(w100.stderr)")
        #expect(w100.jsonLines.filter { $0["status"] as? String == "ok" }.count == 2)
    }

    /// `-R` with `-o` inside the walked tree: the originals already in that folder are kept (their
    /// outputs fail), the output folder is not walked (issue 24 item 2).
    @Test func originalsInAnOutputFolderInsideTheTreeAreKept() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/a.jpg")
        try sandbox.copy(Samples.landscape, to: "in/sub/a.jpg")
        let before = try FileSnapshot(sandbox, under: "in")
        let result = try sandbox.run(["-R", "-s", "64x64", "-o", "in/sub/", "in/"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("in/sub/a.jpg exists and was not written by aspectfit"), "\(result.stderr)")
        #expect(try FileSnapshot(sandbox, under: "in") == before)
    }

    /// `-o DIR` where DIR holds a named input is refused however the input was named (item 3).
    @Test(arguments: [["a/x.jpg"], ["./a/x.jpg"], ["a/../a/x.jpg"], ["--files-from", "list"]])
    func anOutputFolderHoldingANamedInputIsRefused(inputs: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a/x.jpg")
        try sandbox.copy(Samples.png, to: "a/x.png")
        try sandbox.write("a/x.jpg\n", to: "list")
        let before = try FileSnapshot(sandbox, under: "a")
        let result = try sandbox.run(["-w", "50", "-f", "png", "-o", "a/"] + inputs)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("the output folder holds the input"), "\(result.stderr)")
        #expect(try FileSnapshot(sandbox, under: "a") == before)
    }
}
