import FoundationEssentials

/// The attention analysis on its own, for servers that store focal points instead of crops.
extension Pipeline {
    /// The subjects `-g attention` finds in `data` (any format `run` reads): the frontal faces,
    /// surest first, then the salient region, as boxes in fractions of the upright image. The
    /// image is decoded once, whole, at the coarsest DCT scale that still gives the analysis its
    /// 240 px (a one-scan JPEG of 1920 px or more: only its block means are read), under this
    /// pipeline's decode policy and memory check; nothing is encoded.
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
                let decode = analysis.decodeOptions(scaleDenominator: plan.geometry.decodeScale)
                let source = plan.source
                if pipeline.analysesBlockMeans(of: source) {
                    let means: PixelBuffer?
                    do throws(ImageIOError) { means = try ImageFile.blockMeans(bytes, options: decode, width: source.width, height: source.height) } catch { throw .image(error) }
                    if let means { return CropWindowFinder(.attention, frame: means, orientation: source.orientation, threads: 1).subjects }
                    let evidence = try pipeline.decodeFrameWithEvidence(bytes, options: decode, source: source, threads: 1, cancellation: nil).1
                    return CropWindowFinder(.attention, evidence: [evidence]).subjects
                }
                let decoded = try pipeline.decodeFrame(bytes, options: decode, cancellation: nil)
                return CropWindowFinder(.attention, frame: decoded.pixels, orientation: source.orientation, threads: 1).subjects
            }
        }.get()
    }
}
