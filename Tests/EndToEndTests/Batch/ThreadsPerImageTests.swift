import Foundation
import Testing
import TestSupport
@testable import aspectfit

/// The threads each image of a run gets for its HEIF tile decode and its AVIF encode: the jobs the
/// workers leave idle, a single image all of them, a batch with a worker per job one each.
@Suite(.tags(.pipeline)) struct ThreadsPerImageTests {
    @Test func theJobsTheWorkersLeaveIdle() {
        #expect(ThreadsPerImage(jobs: 1, inputs: 1).count == 1)
        #expect(ThreadsPerImage(jobs: 2, inputs: 1).count == 2)
        #expect(ThreadsPerImage(jobs: 2, inputs: 2).count == 1)
        #expect(ThreadsPerImage(jobs: 2, inputs: 24).count == 1)
        #expect(ThreadsPerImage(jobs: 8, inputs: 3).count == 2)
        #expect(ThreadsPerImage(jobs: 8, inputs: 0).count == 8)
        #expect(ThreadsPerImage(jobs: 1024, inputs: 1).count == 64)   // libaom's limit and the tile decoder's
    }

    @Test(arguments: [(1, 2, 2), (2, 2, 1), (1, 1, 1), (3, 2, 1), (1, 8, 8), (2, 8, 4), (3, 8, 2), (0, 4, 4)])
    func theIdleJobsAreSharedOut(_ case: (inputs: Int, jobs: Int, threads: Int)) {
        #expect(ThreadsPerImage(jobs: `case`.jobs, inputs: `case`.inputs).count == `case`.threads)
    }

    /// The oracle is strace's log of the threads the process starts: a HEIC grid of one input
    /// decodes its tiles on the idle jobs' threads beside the worker's (a thread of -j 4 is
    /// started that -j 1 does not start).
    @Test func oneHEICDecodesItsTilesOnTheIdleJobs() throws {
        let sandbox = try Sandbox()
        try FileManager.default.copyItem(at: Corpus.projectRoot.appendingPathComponent("Tests/HEIFGridSet/grid-plain.heic"),
                                         to: sandbox.url("a.heic"))
        func threadsStarted(_ jobs: Int) throws -> Int {
            let (result, log) = try DurabilityTests.straced(sandbox, ["-j", "\(jobs)", "-s", "300x200", "-f", "jpeg", "--overwrite",
                                                                      "-o", "a.jpg", "a.heic"], calls: "clone,clone3")
            #expect(result.status == 0, "\(result.stderr)")
            return log.split(separator: "\n").filter { $0.contains("CLONE_THREAD") }.count
        }
        let one = try threadsStarted(1)
        let four = try threadsStarted(4)
        #expect(four > one, "\(one) threads started at -j 1, \(four) at -j 4")
    }
}
