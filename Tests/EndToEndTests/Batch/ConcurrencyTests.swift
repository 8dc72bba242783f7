import Foundation
import Testing
import TestSupport

/// Many workers on few cores: the same bytes as one worker, and memory that does not grow with
/// the number of files.
@Suite struct ConcurrencyTests {
    /// Small inputs of every kind the decoders treat differently: gray, progressive, 4:2:0,
    /// CMYK (Adobe YCCK), PNG palette, interlaced palette, RGBA, interlaced RGBA, tRNS, gray.
    static let kinds = [
        "jpeg/ljt-testimggray.jpg", "jpeg/progressive-peacock.jpg", "jpeg/sampling-peacock.s2x2-420.jpg",
        "jpeg/ycck-pil-sample.jpg", "pngsuite/basn3p08.png", "pngsuite/basi3p02.png", "pngsuite/basn6a08.png",
        "png-extra/interlaced-rgba-pngtest.png", "pngsuite/tbrn2c08.png", "pngsuite/basn0g08.png",
    ]

    /// `count` inputs in `folder`: hard links to the kinds, interleaved (file i is kind i % 10).
    static func batch(_ sandbox: Sandbox, count: Int, in folder: String) throws {
        var sources: [URL] = []
        for (k, kind) in kinds.enumerated() {
            sources.append(try sandbox.copy(kind, to: "sources/\(k).\((kind as NSString).pathExtension)"))
        }
        try FileManager.default.createDirectory(at: sandbox.url(folder), withIntermediateDirectories: true)
        for i in 0..<count {
            let source = sources[i % kinds.count]
            try FileManager.default.linkItem(at: source, to: sandbox.url("\(folder)/\(String(format: "%04d", i)).\(source.pathExtension)"))
        }
    }

    /// 2,000 files: about 4 s with -j 8 and 5 s with -j 1 in a debug build on 2 cores.
    @Test func eightJobsOnTwoCoresWriteTheSameBytesAsOne() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.batch(sandbox, count: 2000, in: "in")
        let eight = try sandbox.run(["-j", "8", "-r", "1:1", "-w", "64", "-o", "j8/", "in"])
        let one = try sandbox.run(["-j", "1", "-r", "1:1", "-w", "64", "-o", "j1/", "in"])
        #expect(eight.status == 0, "\(eight.stderr)")
        #expect(one.status == 0, "\(one.stderr)")
        let files = sandbox.files(under: "j1")
        #expect(files.count == 2000)
        #expect(sandbox.files(under: "j8") == files)
        let different = try files.filter { try sandbox.data("j1/\($0)") != sandbox.data("j8/\($0)") }
        #expect(different.isEmpty, "\(different.count) outputs differ, e.g. \(different.prefix(5))")
    }

    /// Peak RSS (VmHWM): a 2,000-file batch may not need more memory than a 200-file one
    /// (workers read a file when they take it; the report buffer is bounded by the jobs).
    @Test func peakMemoryDoesNotGrowWithTheNumberOfFiles() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try Self.batch(sandbox, count: 2000, in: "many")
        try FileManager.default.createDirectory(at: sandbox.url("few"), withIntermediateDirectories: true)
        for name in sandbox.files(under: "many").prefix(200) {
            try FileManager.default.linkItem(at: sandbox.url("many/\(name)"), to: sandbox.url("few/\(name)"))
        }
        let few = try ProcessPeaks.run(["-j", "8", "-r", "1:1", "-w", "64", "-o", "out-few/", "few"], in: sandbox.root)
        let many = try ProcessPeaks.run(["-j", "8", "-r", "1:1", "-w", "64", "-o", "out-many/", "many"], in: sandbox.root)
        print("peak RSS, -j 8: 200 files \(few.kilobytes) KiB, 2000 files \(many.kilobytes) KiB")
        #expect(few.status == 0 && many.status == 0)
        #expect(few.kilobytes > 0)
        #expect(sandbox.files(under: "out-many").count == 2000)
        #expect(Double(many.kilobytes) < Double(few.kilobytes) * 1.5 + 4096,
                "peak RSS grew from \(few.kilobytes) KiB (200 files) to \(many.kilobytes) KiB (2000 files)")
    }

    /// A slow first input holds the reorder window: the other worker runs the window's length ahead
    /// and waits, and must be woken when the slow one is reported (else the run never ends).
    @Test func aWorkerHeldByTheWindowIsWokenWhenTheSlowInputIsReported() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/dslr-hills-4608x3456.jpg", to: "in/000.jpg")
        let small = try sandbox.copy(Samples.jpeg, to: "small.jpg")
        for i in 1...40 { try FileManager.default.linkItem(at: small, to: sandbox.url("in/\(String(format: "%03d", i)).jpg")) }
        // --no-sync: groups of one, so the window is 16 + 2 outputs
        let (result, killed) = try CommandRunner.run(["--no-sync", "-j", "2", "-f", "png", "-o", "out/", "in"],
                                                     in: sandbox.root, killAfter: 30)
        #expect(!killed, "still running after 30 s: a worker waiting for the window was never woken")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sandbox.files(under: "out").count == 41)
    }
}
