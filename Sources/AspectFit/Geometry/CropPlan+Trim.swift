/// A plan made for the part of an image a trim kept, moved into the whole image's coordinates.
extension CropPlan {
    /// This full-scale plan of the `stored` part of a `sourceWidth` x `sourceHeight` stored image
    /// (`upright` once turned), in the whole image's coordinates: the same output, crop and region,
    /// offset; the region stays inside the part, so the resampler never reads the trimmed border.
    func placed(at stored: PixelRect, upright: PixelRect, sourceWidth: Int, sourceHeight: Int) -> CropPlan {
        precondition(decodeScale == 1, "a trimmed plan decodes at full scale")
        var plan = self
        plan.sourceWidth = sourceWidth
        plan.sourceHeight = sourceHeight
        plan.crop.x += Double(upright.x)
        plan.crop.y += Double(upright.y)
        plan.storedCrop.x += Double(stored.x)
        plan.storedCrop.y += Double(stored.y)
        plan.scaledCrop = plan.storedCrop
        plan.decodeRegion.x += stored.x
        plan.decodeRegion.y += stored.y
        return plan
    }
}
