/// How many threads each worker's decodes may use (`PipelineWorkspace.decodeThreads`): the CPUs the
/// workers leave idle, shared out. A single image takes them all (a HEIF grid's tiles decode in
/// parallel); a batch with a worker per CPU keeps one image per core and one thread per image.
enum DecodeThreads {
    static func perWorker(workers: Int, processors: Int) -> Int {
        max(1, processors / max(1, workers))
    }
}
