/// The threads each image of a run may use, for its HEIF tile decode and its AVIF encode: the jobs
/// its workers leave idle. A worker takes one input (with its variants) at a time, so a run of one
/// input uses every job, and a batch of at least as many inputs as jobs one thread per image (an
/// image per core).
struct ThreadsPerImage: Equatable {
    /// At least 1, at most 64 (libaom's limit, and the tile decoder's).
    let count: Int

    /// For `jobs` workers' worth of cores and `inputs` inputs to process.
    init(jobs: Int, inputs: Int) {
        let workers = max(1, min(jobs, inputs))
        count = min(64, max(1, jobs / workers))
    }

    /// For the inputs `items` process (the groups not failed or skipped before the run).
    init(jobs: Int, items: [WorkItem]) {
        let processed = Set(items.compactMap { item -> Int? in
            if case .process = item.disposition { return item.group }
            return nil
        })
        self.init(jobs: jobs, inputs: processed.count)
    }

    /// `variants` as this run encodes them: each AVIF encode on `count` threads. Planning does not
    /// depend on the threads, so only the outputs get them.
    func encoding(_ variants: [OutputVariant]) -> [OutputVariant] {
        variants.map { variant in
            var encoding = variant
            encoding.fit.avif.threads = count
            return encoding
        }
    }
}
