import Foundation
import Testing
import TestSupport
@testable import aspectfit

/// The threads each AVIF encode gets: the jobs the workers leave idle. One input encodes on every
/// job (libaom's multithreaded coding shows in the bytes); a batch of at least as many inputs as
/// jobs keeps one thread per encode (the bytes of -j 1).
@Suite(.tags(.pipeline)) struct AVIFThreadsTests {
    @Test func theJobsTheWorkersLeaveIdle() {
        #expect(AVIFThreads(jobs: 1, inputs: 1).count == 1)
        #expect(AVIFThreads(jobs: 2, inputs: 1).count == 2)
        #expect(AVIFThreads(jobs: 2, inputs: 2).count == 1)
        #expect(AVIFThreads(jobs: 2, inputs: 24).count == 1)
        #expect(AVIFThreads(jobs: 8, inputs: 3).count == 2)
        #expect(AVIFThreads(jobs: 8, inputs: 0).count == 8)
        #expect(AVIFThreads(jobs: 1024, inputs: 1).count == 64)   // libaom's limit
    }

    @Test func oneInputUsesEveryJobAndABatchOneThreadEach() throws {
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
        let alone2 = try run(2, "a.jpg", "alone2.avif")
        let batch2 = try run(2, "pair", "batch2/")
        #expect(alone1 != alone2, "one input with two jobs encodes on two threads")
        #expect(batch2 == alone1, "two inputs with two jobs encode on one thread each")
    }
}
