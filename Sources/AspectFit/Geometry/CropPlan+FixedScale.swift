/// Keeping a decode scale while the window moves (the attention and entropy gravities).
extension CropPlan {
    /// This plan decoded at 1/`scale` instead: same crop, scaled crop and region recomputed. The
    /// scale depends only on the window's size, but a window moved to a fractional position can
    /// land its size ratio an ulp under 2 and so pick another scale than the same window centred.
    func withDecodeScale(_ scale: Int, filterRadius: Double) -> CropPlan {
        guard scale != decodeScale else { return self }
        let d = Double(scale)
        let scaled = Box(x: storedCrop.x / d, y: storedCrop.y / d, width: storedCrop.width / d, height: storedCrop.height / d)
        let storedOutput = orientation.swapsAxes ? (outputHeight, outputWidth) : (outputWidth, outputHeight)
        let xs = Self.span(from: scaled.x, to: scaled.maxX, outputLength: storedOutput.0, filterRadius: filterRadius,
                           limit: (sourceWidth + scale - 1) / scale)
        let ys = Self.span(from: scaled.y, to: scaled.maxY, outputLength: storedOutput.1, filterRadius: filterRadius,
                           limit: (sourceHeight + scale - 1) / scale)
        return CropPlan(sourceWidth: sourceWidth, sourceHeight: sourceHeight, orientation: orientation,
                        outputWidth: outputWidth, outputHeight: outputHeight, crop: crop, storedCrop: storedCrop,
                        decodeScale: scale, scaledCrop: scaled,
                        decodeRegion: PixelRect(x: xs.first, y: ys.first, width: xs.last - xs.first, height: ys.last - ys.first),
                        needsResampling: true)
    }
}
