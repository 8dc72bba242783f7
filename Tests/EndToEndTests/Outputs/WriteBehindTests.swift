import Foundation
import Testing
import TestSupport

/// Each worker's writes run one image behind on a thread of their own (`WriteBehind`): a failed
/// write still belongs to its own input, records stay in input order, nothing half-written remains.
@Suite struct WriteBehindTests {
    @Test(arguments: ["1", "2"])
    func writeFailuresBetweenSuccessesStayWithTheirInputs(jobs: String) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        let folders = ["a-ok", "b-bad", "c-ok", "d-bad", "e-ok", "f-bad"]
        for folder in folders {
            try sandbox.copy(Samples.jpeg, to: "in/\(folder)/x.jpg")
            // a file where the mirrored output folder should be: writing below it fails
            if folder.hasSuffix("bad") { try sandbox.write("in the way", to: "out/\(folder)") }
        }
        let result = try sandbox.run(["--json", "-j", jobs, "-R", "-r", "1:1", "-w", "24", "-o", "out/", "in"])
        #expect(result.status == 1, "\(result.stderr)")
        let records = result.jsonLines.filter { $0["input"] != nil }
        #expect(records.map { $0["input"] as? String } == folders.map { "in/\($0)/x.jpg" })
        #expect(records.map { $0["status"] as? String } == folders.map { $0.hasSuffix("bad") ? "error" : "ok" })
        for folder in folders where folder.hasSuffix("bad") {
            #expect(result.stderr.contains("aspectfit: in/\(folder)/x.jpg: cannot write out/\(folder)/x.jpg: Not a directory"),
                    "\(result.stderr)")
        }
        #expect(sandbox.files(under: "out") == ["a-ok/x.jpg", "b-bad", "c-ok/x.jpg", "d-bad", "e-ok/x.jpg", "f-bad"])
        for folder in folders where folder.hasSuffix("ok") {
            let header = ImageHeader(file: sandbox.url("out/\(folder)/x.jpg"))
            #expect(header?.width == 24 && header?.height == 24)
        }
    }

    /// The last write is still on the write thread when its worker runs out of inputs: the run must
    /// wait for it (a 48 MB output takes its time to sync) and report it before the summary.
    @Test func theLastWriteIsWaitedForAndReported() throws {
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/x.jpg")
        let result = try sandbox.run(["--json", "-j", "1", "-r", "1:1", "-w", "4000", "-f", "png", "--png-compression", "0",
                                      "-o", "out/", "in/x.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.jsonLines
        #expect(lines.count == 2 && lines.first?["status"] as? String == "ok" && lines.last?["summary"] as? Bool == true,
                "\(result.stdoutText)")
        let header = ImageHeader(file: sandbox.url("out/x.png"))
        #expect(header?.width == 4000 && header?.height == 4000, "\(sandbox.files(under: "out"))")
    }
}
