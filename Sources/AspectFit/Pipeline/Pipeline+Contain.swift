/// `FitMode.contain`: the whole image scaled into the box, the rest letterboxed.
extension Pipeline {
    /// The box and the plan that scales the whole upright image to fit inside it, and where it sits;
    /// no letterbox when it fills the box.
    ///
    /// The box is the requested one whatever the source (`--no-enlarge` limits the picture, not the
    /// box); with no size, the smallest box of the ratio that holds the whole picture at its own scale.
    /// Without `enlarge` the picture is never scaled up: a source that already fits keeps its pixels.
    func containedPlan(info: ImageInfo) throws(FitError) -> (crop: CropPlan, letterbox: Letterbox?) {
        let upright = info.orientation.uprightSize(width: info.width, height: info.height)
        let w = Double(upright.width), h = Double(upright.height)
        let box = try containingBox(info: info, uprightWidth: w, uprightHeight: h)
        var scale = min(Double(box.width) / w, Double(box.height) / h)
        if !options.enlarge { scale = min(scale, 1) }
        let iw = max(1, min(box.width, Int((w * scale).rounded())))
        let ih = max(1, min(box.height, Int((h * scale).rounded())))
        let crop: CropPlan
        do {
            crop = try CropPlan.make(sourceWidth: info.width, sourceHeight: info.height, orientation: info.orientation,
                                     shrinkOnLoad: ShrinkOnLoad(info), ratio: nil, size: .size(width: iw, height: ih),
                                     gravity: .centre, enlarge: true, filterRadius: options.filter.radius)
        } catch { throw .plan(error) }
        guard iw < box.width || ih < box.height else { return (crop, nil) }
        return (crop, Letterbox(width: box.width, height: box.height, imageWidth: iw, imageHeight: ih,
                                gravity: options.gravity))
    }

    /// The output box of a contained fit: the requested size (as a cover fit of any source would
    /// have it), or for no size the ratio's smallest box around the `w` x `h` upright picture.
    private func containingBox(info: ImageInfo, uprightWidth w: Double, uprightHeight h: Double) throws(FitError)
        -> (width: Int, height: Int) {
        if case .none = options.size {
            let ratio = options.ratio ?? AspectRatio(unchecked: w, h)
            let wider = w * ratio.height >= h * ratio.width
            let width = wider ? w : max(w, (h * ratio.width / ratio.height).rounded())
            let height = wider ? max(h, (w * ratio.height / ratio.width).rounded()) : h
            let limit = Double(ImageFormat.largestMaxSide)
            guard width <= limit, height <= limit, width * height <= Double(DecodeOptions.defaultMaxPixels) else {
                throw .plan(.outputTooLarge(width: width, height: height, maxSide: ImageFormat.largestMaxSide,
                                            maxPixels: DecodeOptions.defaultMaxPixels))
            }
            return (Int(width), Int(height))
        }
        do {
            let box = try CropPlan.make(sourceWidth: info.width, sourceHeight: info.height, orientation: info.orientation,
                                        shrinkOnLoad: .none, ratio: options.ratio, size: options.size, gravity: .centre,
                                        enlarge: true, filterRadius: 0)
            return (box.outputWidth, box.outputHeight)
        } catch { throw .plan(error) }
    }
}
