import Foundation
import Testing
import TestSupport

/// The collision error's hint is a way out that works: it suggests `-R` only when it is not given,
/// and the template it suggests, run as suggested, succeeds, also for inputs reached through `../`.
@Suite struct CollisionHintTests {
    @Test(arguments: [
        ("work", ["../a/x.jpg", "../b/x.jpg"], false),
        (".", ["a/x.jpg", "b/x.jpg"], false),
        (".", ["-R", "a", "b"], true),
        ("work", ["-R", "../a", "../b"], true),
    ])
    func theHintWorksForTheseInputs(directory: String, inputs: [String], recursive: Bool) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a/x.jpg")
        try sandbox.copy(Samples.jpeg, to: "b/x.jpg")
        try FileManager.default.createDirectory(at: sandbox.url("work"), withIntermediateDirectories: true)
        let cwd = sandbox.url(directory)
        let collision = try CommandRunner.run(["-w", "10", "-o", "out/"] + inputs, in: cwd)
        #expect(collision.status == 2)
        let hint = try #require(collision.stderr.split(separator: "\n").last.map(String.init))
        #expect(hint.hasPrefix("aspectfit: output collision"), "\(hint)")
        #expect(hint.contains("-R") == !recursive, "\(hint)")
        let quoted = hint.split(separator: "'", omittingEmptySubsequences: false)
        #expect(quoted.count == 3, "\(hint)")
        let template = String(quoted[1])
        let retry = try CommandRunner.run(["-w", "10", "-o", template] + inputs, in: cwd)
        #expect(retry.status == 0, "-o '\(template)': \(retry.stderr)")
        let written = sandbox.files(under: ".").filter { !["a/x.jpg", "b/x.jpg"].contains($0) }
        #expect(written.count == 2, "\(written)")
    }
}
