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
        return try data.withUnsafeBytes { bytes in
            Result { () throws(FitError) in
                let plan = try pipeline.plan(bytes: bytes)
                let memory = MemoryEstimate(inputBytes: 0, plans: [(plan, analysis)], sharedDecode: plan)
                guard memory.isAvailable else { throw .outOfMemory(bytes: memory.bytes) }
                let decoded: DecodedImage
                do throws(ImageIOError) {
                    decoded = try ImageFile.decode(bytes, options: analysis.decodeOptions(scaleDenominator: plan.geometry.decodeScale))
                } catch { throw .image(error) }
                guard decoded.pixels.width > 0, decoded.pixels.height > 0 else { throw .image(.corrupt("the decoder produced no rows")) }
                return CropWindowFinder(.attention, frame: decoded.pixels, orientation: plan.source.orientation).subjects
            }
        }.get()
    }
}
