/// `FitMode.contain`: the whole image scaled into the box, the rest letterboxed.
extension Pipeline {
    /// The plan that scales the whole upright image to fit inside `box`'s output (never past
    /// the source size without `enlarge`), and where it sits; no letterbox when it fills the box.
    func containedPlan(box: CropPlan, info: ImageInfo) throws(FitError) -> (crop: CropPlan, letterbox: Letterbox?) {
        let upright = info.orientation.uprightSize(width: info.width, height: info.height)
        let w = Double(upright.width), h = Double(upright.height)
        var scale = min(Double(box.outputWidth) / w, Double(box.outputHeight) / h)
        if !options.enlarge { scale = min(scale, 1) }
        let iw = max(1, min(box.outputWidth, Int((w * scale).rounded())))
        let ih = max(1, min(box.outputHeight, Int((h * scale).rounded())))
        let crop: CropPlan
        do {
            crop = try CropPlan.make(sourceWidth: info.width, sourceHeight: info.height, orientation: info.orientation,
                                     shrinkOnLoad: info.format == .jpeg, ratio: nil, size: .size(width: iw, height: ih),
                                     gravity: .centre, enlarge: true, filterRadius: options.filter.radius)
        } catch { throw .plan(error) }
        guard iw < box.outputWidth || ih < box.outputHeight else { return (crop, nil) }
        return (crop, Letterbox(width: box.outputWidth, height: box.outputHeight, imageWidth: iw, imageHeight: ih,
                                gravity: options.gravity))
    }
}
