#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// Memory that grows with the image is checked before it is taken: under `ulimit -v`, under a
/// cgroup memory limit (what a container's OOM killer enforces) and with `--max-memory`, an image
/// that cannot fit fails alone with "out of memory (N bytes ...)" and the rest of the batch is
/// written; images that fit run fewer at a time, and the peak resident memory stays in the budget.
@Suite(.tags(.pipeline))
struct MemoryLimitTests {
    /// A `width` x `height` JPEG made by the binary itself (an enlarged corpus photo).
    private func makeJPEG(_ sandbox: Sandbox, _ name: String, width: Int, height: Int) throws {
        try sandbox.copy(Samples.jpeg, to: "seed.jpg")
        let made = try sandbox.run(["-s", "\(width)x\(height)", "-f", "jpeg", "-o", name, "seed.jpg"])
        try #require(made.status == 0, "\(made.stderr)")
    }

    @Test(arguments: [300_000, 200_000])
    func underUlimitTheBigImageFailsAloneAndTheSmallOneIsWritten(kilobytes: Int) throws {
        let sandbox = try Sandbox()
        try makeJPEG(sandbox, "big.jpg", width: 12000, height: 9000)
        try sandbox.copy(Samples.jpeg, to: "small.jpg")
        let result = try CommandRunner.shell(
            "ulimit -v \(kilobytes); exec \"$ASPECTFIT\" -j1 -s 12000x9000 --no-enlarge -f jpeg -o o/ big.jpg small.jpg",
            in: sandbox.root)
        #expect(result.status == 1, "a crash is \(128 + 6) or \(128 + 11): \(result.stderr)")
        #expect(result.stderr.contains("aspectfit: big.jpg: out of memory ("), "\(result.stderr)")
        #expect(result.stderr.contains("budget from ulimit -v"), "\(result.stderr)")
        #expect(sandbox.files(under: "o") == ["small.jpg"])
        #expect(ImageHeader(file: sandbox.url("o/small.jpg")) == ImageHeader(format: "jpeg", width: 199, height: 149), "227x149 cut to 4:3")
    }

    @Test func maxMemoryRefusesWhatIsOverItAndDryRunReportsTheEstimate() throws {
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "small.jpg")
        try makeJPEG(sandbox, "big.jpg", width: 4000, height: 3000)
        let planned = try sandbox.run(["--dry-run", "--json", "-s", "4000x3000", "big.jpg", "small.jpg"])
        let estimates = planned.jsonLines.compactMap { $0["memory"] as? Int }
        try #require(estimates.count == 2, "\(planned.stdoutText)")
        // The output pixels alone are 4000 x 3000 x 3 bytes: an estimate below them cannot be right.
        #expect(estimates[0] > 4000 * 3000 * 3)
        #expect(estimates[1] < estimates[0])
        let budget = (estimates[0] + estimates[1]) / 2
        let run = try sandbox.run(["--max-memory", "\(budget)", "-s", "4000x3000", "--no-enlarge", "-o", "o/", "big.jpg", "small.jpg"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("aspectfit: big.jpg: out of memory (\(estimates[0]) bytes needed"), "\(run.stderr)")
        #expect(run.stderr.contains("budget from --max-memory"), "\(run.stderr)")
        #expect(sandbox.files(under: "o") == ["small.jpg"])
        let dry = try sandbox.run(["--dry-run", "--max-memory", "\(budget)", "-s", "4000x3000", "big.jpg"])
        #expect(dry.status == 1, "a dry run fails where the run would: \(dry.stderr)")
        for bad in ["0", "-5M", "12Q", ""] {
            let refused = try sandbox.run(["--max-memory", bad, "-w", "10", "small.jpg"])
            #expect(refused.status == 2, "--max-memory \(bad): \(refused.stderr)")
        }
    }

    /// Four 6000x4500 images on two workers in a 300 MiB cgroup: each alone fits, two at once would
    /// not (about 155 MiB estimated each), so the budget runs them one at a time; nothing is
    /// OOM-killed, the peak stays under the budget, and no more than one image's peak: a worker
    /// waiting for its turn does not keep the last image's output pixels (77 MiB) beside the other's.
    @Test(.enabled(if: MemoryCgroup.canCreate || Corpus.isCI, "needs a writable memory cgroup (root)"))
    func inAMemoryCgroupThePeakStaysUnderTheBudget() throws {
        let limit = 300 << 20
        let sandbox = try Sandbox()
        try makeJPEG(sandbox, "mid.jpg", width: 6000, height: 4500)
        let inputs = (1...4).map { "mid\($0).jpg" }
        for name in inputs { try FileManager.default.copyItem(at: sandbox.url("mid.jpg"), to: sandbox.url(name)) }
        // turbo: the trellis encoder holds every coefficient and its planes (about 4 bytes a sample
        // more), so a 27-megapixel output alone would be over the budget and refused
        func peak(_ names: [String]) throws -> Int {
            let group = try MemoryCgroup(limit: limit)
            defer { group.remove() }
            try? FileManager.default.removeItem(at: sandbox.url("o"))
            let script = "echo $$ > \(group.procsFile); exec \"$ASPECTFIT\" -j2 -f jpeg --jpeg-encoder turbo -r 4:3 -o o/ \(names.joined(separator: " "))"
            let (status, kilobytes, _) = try ProcessPeaks.run(["-c", script], in: sandbox.root, executable: ExternalTool.url("bash"))
            #expect(status == 0, "137 is the OOM killer")
            #expect(sandbox.files(under: "o") == names)
            return kilobytes * 1024
        }
        let alone = try peak(["mid.jpg"])
        let batch = try peak(inputs)
        // The budget is nine tenths of the limit; images in flight get seven eighths of it, and what
        // workers keep for their next image the rest.
        let inFlight = limit * 9 / 10 * 7 / 8
        #expect(batch < inFlight, "peak \(batch >> 20) MiB over the images' share of the budget (\(inFlight >> 20) MiB)")
        let outputPixels = 6000 * 4500 * 3
        #expect(batch < alone + outputPixels / 2,
                "peak \(batch >> 20) MiB, one image alone \(alone >> 20) MiB: a waiting worker kept its last output")
    }
}

/// A memory cgroup made for one test (v2 where the memory controller is enabled at the root, else
/// v1), with a hard limit; processes join it by writing their pid to `procsFile`.
struct MemoryCgroup {
    let path: String
    var procsFile: String { path + "/cgroup.procs" }

    private static let v2Root = "/sys/fs/cgroup"
    private static let v1Root = "/sys/fs/cgroup/memory"

    private static var usesV2: Bool {
        (try? String(contentsOfFile: v2Root + "/cgroup.subtree_control", encoding: .utf8))?.contains("memory") == true
    }

    static var canCreate: Bool {
        let root = usesV2 ? v2Root : v1Root
        return access(root, W_OK) == 0 && FileManager.default.fileExists(atPath: root + (usesV2 ? "/cgroup.procs" : "/memory.limit_in_bytes"))
    }

    init(limit: Int) throws {
        let v2 = Self.usesV2
        path = (v2 ? Self.v2Root : Self.v1Root) + "/aspectfit-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try Data("\(limit)".utf8).write(to: URL(fileURLWithPath: path + (v2 ? "/memory.max" : "/memory.limit_in_bytes")))
        if v2 { try? Data("0".utf8).write(to: URL(fileURLWithPath: path + "/memory.swap.max")) }
    }

    func remove() { rmdir(path) }
}
