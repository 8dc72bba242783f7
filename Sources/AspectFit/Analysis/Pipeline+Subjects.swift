import FoundationEssentials

/// The attention analysis on its own, for servers that store focal points instead of crops.
extension Pipeline {
    /// The subjects `-g attention` finds in `data` (any format `run` reads): the frontal faces,
    /// surest first, then the salient region, as boxes in fractions of the upright image. The
    /// image is decoded once, whole, at the coarsest DCT scale that still gives the analysis its
    /// 240 px, under this pipeline's decode policy and memory check; nothing is encoded.
    public func subjects(in data: some ContiguousBytes) throws(FitError) -> [Subject] {
        var analysis = options
        analysis.ratio = .square
        analysis.size = .width(2 * FaceDetector.longSide)
        analysis.fit = .cover
        analysis.gravity = .attention
        analysis.trim = nil
        let pipeline = Pipeline(options: analysis)
        let plan = try pipeline.plan(data)
        let memory = pipeline.estimatedMemory(for: plan.source, inputBytes: 0)
        guard memory.isAvailable else { throw .outOfMemory(bytes: memory.bytes) }
        return try data.withUnsafeBytes { bytes in
            Result { () throws(FitError) in
                let decoded = try pipeline.decodeFrame(bytes, options: analysis.decodeOptions(scaleDenominator: plan.geometry.decodeScale),
                                                       cancellation: nil)
                return CropWindowFinder(.attention, frame: decoded.pixels, orientation: plan.source.orientation, threads: 1).subjects
            }
        }.get()
    }
}
