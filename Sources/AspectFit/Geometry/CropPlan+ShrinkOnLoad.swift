/// The decode side of a plan: shrink-on-load (JPEG DCT scaling, WebP block means) and the region worth decoding.
extension CropPlan {
    /// Completes a plan from its upright crop: maps it to stored coordinates, picks the decode
    /// scale and the decode region.
    init(sourceWidth: Int, sourceHeight: Int, orientation: Orientation, outputWidth: Int, outputHeight: Int,
         crop: Box, shrinkOnLoad: ShrinkOnLoad, filterRadius: Double) {
        let storedCrop = orientation.storedBox(crop, storedWidth: sourceWidth, storedHeight: sourceHeight)
        let storedOutput = orientation.swapsAxes ? (outputHeight, outputWidth) : (outputWidth, outputHeight)
        let scale = Self.decodeScale(storedCrop: storedCrop, storedOutputWidth: storedOutput.0, storedOutputHeight: storedOutput.1,
                                     bound: DecodeScaleBound(filterRadius: filterRadius, shrinkOnLoad: shrinkOnLoad)) {
            shrinkOnLoad.offers(scale: $0, width: sourceWidth, height: sourceHeight)
        }
        let d = Double(scale)
        let scaledCrop = Box(x: storedCrop.x / d, y: storedCrop.y / d, width: storedCrop.width / d, height: storedCrop.height / d)
        let isWhole = { (v: Double) in v == v.rounded() }
        let needsResampling = !(scale == 1 && crop.width == Double(outputWidth) && crop.height == Double(outputHeight)
            && isWhole(crop.x) && isWhole(crop.y) && isWhole(crop.width) && isWhole(crop.height))

        let scaledWidth = (sourceWidth + scale - 1) / scale   // as scaledSourceWidth, before self exists
        let scaledHeight = (sourceHeight + scale - 1) / scale
        let region: PixelRect
        if needsResampling {
            let xs = Self.span(from: scaledCrop.x, to: scaledCrop.maxX, outputLength: storedOutput.0,
                               filterRadius: filterRadius, limit: scaledWidth)
            let ys = Self.span(from: scaledCrop.y, to: scaledCrop.maxY, outputLength: storedOutput.1,
                               filterRadius: filterRadius, limit: scaledHeight)
            region = PixelRect(x: xs.first, y: ys.first, width: xs.last - xs.first, height: ys.last - ys.first)
        } else {
            region = PixelRect(x: Int(scaledCrop.x), y: Int(scaledCrop.y), width: Int(scaledCrop.width), height: Int(scaledCrop.height))
        }
        self.init(sourceWidth: sourceWidth, sourceHeight: sourceHeight, orientation: orientation,
                  outputWidth: outputWidth, outputHeight: outputHeight, crop: crop, storedCrop: storedCrop,
                  decodeScale: scale, scaledCrop: scaledCrop, decodeRegion: region, needsResampling: needsResampling)
    }

    /// The stored width decoded at 1/`decodeScale`: libjpeg rounds up, ceil(W/d) (WebP's d divides W).
    public var scaledSourceWidth: Int { (sourceWidth + decodeScale - 1) / decodeScale }
    /// The stored height decoded at 1/`decodeScale`: ceil(H/d).
    public var scaledSourceHeight: Int { (sourceHeight + decodeScale - 1) / decodeScale }

    /// Whether the resampler reduces the full-scale decode by 2x or more on both axes, so every
    /// output pixel's filter spans at least two of a 4:2:0 JPEG's chroma samples each way and, in a
    /// lossy output, repeated chroma (`DecodeOptions.smoothChroma` false) scores the same as smoothed
    /// chroma (measured: docs/decode-scale.md). DCT-scaled decodes upsample no chroma at all.
    public var hidesChromaReplication: Bool {
        guard decodeScale == 1 else { return false }
        let stored = orientation.swapsAxes ? (outputHeight, outputWidth) : (outputWidth, outputHeight)
        return scaledCrop.width >= 2 * Double(stored.0) && scaledCrop.height >= 2 * Double(stored.1)
    }

    /// Whether the resampler reduces the full-scale decode by `inLoopFilterFactor` or more on both axes,
    /// so that a HEIF tile decoded without its in-loop filters (`DecodeOptions.inLoopFilters` false)
    /// gives a q85 output within the 0.05 dB the DCT scales are held to (measured: docs/formats.md).
    public var hidesInLoopFilters: Bool {
        guard decodeScale == 1 else { return false }
        let stored = orientation.swapsAxes ? (outputHeight, outputWidth) : (outputWidth, outputHeight)
        return scaledCrop.width >= Self.inLoopFilterFactor * Double(stored.0)
            && scaledCrop.height >= Self.inLoopFilterFactor * Double(stored.1)
    }

    /// The reduction from which leaving out HEVC's in-loop filters no longer shows (`hidesInLoopFilters`).
    static let inLoopFilterFactor = 2.5

    /// The largest d in {8, 4, 2} the decoder `offers` that leaves the resampler the factor `bound`
    /// asks for at that d on both stored axes (the measured quality bound, see `DecodeScaleBound`), else 1.
    static func decodeScale(storedCrop: Box, storedOutputWidth: Int, storedOutputHeight: Int, bound: DecodeScaleBound,
                            offers: (Int) -> Bool) -> Int {
        for d in [8, 4, 2] where offers(d) {
            let fx = storedCrop.width / Double(d) / Double(storedOutputWidth)
            let fy = storedCrop.height / Double(d) / Double(storedOutputHeight)
            if bound.allows(scale: d, factorX: fx, factorY: fy) { return d }
        }
        return 1
    }

    /// The whole pixels [first, last) one axis of the resampler reads for `from..<to` mapped onto
    /// `outputLength` pixels: the filter reaches `filterRadius * max(1, factor)` source pixels past
    /// each output pixel centre, plus one pixel for rounding of the taps; clamped to 0...limit.
    static func span(from: Double, to: Double, outputLength: Int, filterRadius: Double, limit: Int)
        -> (first: Int, last: Int) {
        let factor = max(1, (to - from) / Double(outputLength))
        let support = filterRadius * factor
        let first = max(0, min(Double(limit), (from - support - 1).rounded(.down)))
        let last = max(0, min(Double(limit), (to + support + 1).rounded(.up)))
        return (Int(first), Int(last))
    }
}
