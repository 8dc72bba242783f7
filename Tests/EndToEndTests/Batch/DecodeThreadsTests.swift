import Testing
@testable import aspectfit

/// Each worker's decodes get the CPUs the workers leave idle: a single image all of them, a batch with
/// a worker per CPU one each (so `-j2` on two cores keeps one image per core).
@Suite struct DecodeThreadsTests {
    @Test(arguments: [(1, 2, 2), (2, 2, 1), (1, 1, 1), (3, 2, 1), (1, 8, 8), (2, 8, 4), (3, 8, 2), (0, 4, 4)])
    func theIdleCPUsAreSharedOut(_ case: (workers: Int, processors: Int, threads: Int)) {
        #expect(DecodeThreads.perWorker(workers: `case`.workers, processors: `case`.processors) == `case`.threads)
    }
}
