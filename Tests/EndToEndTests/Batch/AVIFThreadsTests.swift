import Foundation
import Testing
import TestSupport
@testable import aspectfit

/// The threads each AVIF encode gets (`ThreadsPerImage`): one input encodes on every job, a batch
/// of at least as many inputs as jobs on one each; the bytes are the same either way.
@Suite(.tags(.pipeline)) struct AVIFThreadsTests {
    /// The oracle for the threads is the kernel's count of the process's threads at its peak:
    /// libaom runs an encode of n threads on n - 1 workers beside the caller, so one input at -j 4
    /// runs two threads more than at -j 1 (where libaom still gets its second thread).
    @Test func oneInputEncodesOnEveryJob() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "a.jpg")
        func peakThreads(_ jobs: Int) throws -> Int {
            let run = try ProcessPeaks.run(["-j", "\(jobs)", "-s", "300x200", "-f", "avif", "--overwrite", "-o", "a.avif", "a.jpg"],
                                           in: sandbox.root)
            #expect(run.status == 0)
            return run.threads
        }
        let one = try peakThreads(1)
        let four = try peakThreads(4)
        #expect(four == one + 2, "\(one) threads at -j 1, \(four) at -j 4")
    }

    @Test func theBytesDoNotDependOnTheThreads() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "a.jpg")
        try sandbox.copy("photos/harvesters-1165x859.jpg", to: "pair/a.jpg")
        try sandbox.copy("photos/flower-444-2268x1512.jpg", to: "pair/b.jpg")
        func run(_ jobs: Int, _ input: String, _ output: String) throws -> Data {
            let result = try sandbox.run(["-j", "\(jobs)", "-s", "300x200", "-f", "avif", "-o", output, input])
            #expect(result.status == 0, "\(result.stderr)")
            return try sandbox.data(output.hasSuffix("/") ? output + "a.avif" : output)
        }
        let alone1 = try run(1, "a.jpg", "alone1.avif")
        #expect(try run(2, "a.jpg", "alone2.avif") == alone1, "one input on two threads")
        #expect(try run(4, "a.jpg", "alone4.avif") == alone1, "one input on four threads")
        #expect(try run(2, "pair", "batch2/") == alone1, "two inputs on one thread each")
    }
}
