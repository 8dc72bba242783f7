/// `FitOptions.trim`: the uniform border is found in the pixels, then the fit plans what is left.
extension Pipeline {
    /// Decodes the whole frame at full scale (the decode scale a plan may take depends on the crop's
    /// size, which only the trimmed box gives), finds the box, plans the fit of the box alone
    /// (gravity, focus and smart crop on it) and resamples it from the same frame, never reading the
    /// border. Memory: the frame, and for a smart crop a copy of the box (`MemoryEstimate`).
    /// Returns the resampled box, the plan of its fit placed in the whole source, and the warnings.
    func decodeTrimming(_ data: UnsafeRawBufferPointer, trim: Trim, plan: FitPlan, workspace: PipelineWorkspace,
                        cancellation: CancellationFlag?) throws(FitError) -> (image: PixelBuffer, plan: FitPlan, warnings: [String]) {
        var decode = options.decodeOptions()
        decode.threads = workspace.threadsPerImage
        let decoded = try decodeFrame(data, options: decode, cancellation: cancellation)
        let frame = decoded.pixels
        var warnings = reported(decoded.warnings)

        let source = plan.source
        let whole = source.orientation.uprightSize(width: source.width, height: source.height)
        let found = TrimFinder(frame: frame, orientation: source.orientation, threshold: trim.threshold).box()
        if found == nil {
            warnings.append("nothing trimmed: every pixel is within the trim threshold of the top-left one")
        }
        let box = found ?? PixelRect(x: 0, y: 0, width: whole.width, height: whole.height)
        let storedBox = source.orientation.storedBox(Box(x: Double(box.x), y: Double(box.y), width: Double(box.width),
                                                         height: Double(box.height)), storedWidth: source.width, storedHeight: source.height)
        let stored = PixelRect(x: Int(storedBox.x), y: Int(storedBox.y), width: Int(storedBox.width), height: Int(storedBox.height))

        var part = source
        (part.width, part.height) = (stored.width, stored.height)
        var partOptions = options
        partOptions.trim = nil
        partOptions.gravity = Self.gravity(options.gravity, within: box, uprightWidth: whole.width, uprightHeight: whole.height)
        let partPipeline = Pipeline(options: partOptions)
        var partPlan = try partPipeline.plan(for: part, reusing: workspace)
        partPlan.geometry = partPlan.geometry.withDecodeScale(1, filterRadius: options.filter.radius)
        if partPlan.windowChoice?.isChosen == false {
            partPlan = try partPipeline.choosingWindow(from: frame.cut(stored), plan: partPlan, threads: workspace.threadsPerImage)
        }
        let crop = partPlan.geometry.placed(at: stored, upright: box, sourceWidth: source.width, sourceHeight: source.height)
        let (w, h) = (Double(whole.width), Double(whole.height))
        var plan = plan
        plan.geometry = crop
        plan.windowChoice = partPlan.windowChoice.map { part in
            // the subjects found in the box, as fractions of the whole upright image
            let subjects = part.subjects.map { s in
                Subject(kind: s.kind, x: (Double(box.x) + s.x * Double(box.width)) / w, y: (Double(box.y) + s.y * Double(box.height)) / h,
                        width: s.width * Double(box.width) / w, height: s.height * Double(box.height) / h, confidence: s.confidence)
            }
            return WindowChoice(strategy: part.strategy, focusX: (crop.crop.x + crop.crop.width / 2) / w,
                                focusY: (crop.crop.y + crop.crop.height / 2) / h, subjects: subjects)
        }
        plan.letterbox = partPlan.letterbox
        plan.corners = partPlan.corners
        plan.cornersOnlyOnBars = partPlan.cornersOnlyOnBars
        plan.roundsPicture = partPlan.roundsPicture
        plan.outputLayout = partPlan.outputLayout
        plan.trimmedBox = box
        plan.repeatsChroma = decode.repeatsChroma(decoding: source.format)
        return (resample(frame, crop: crop, workspace: workspace), plan, warnings)
    }

    /// `gravity` for the fit of the upright `box` of a `uprightWidth` x `uprightHeight` image: a focus
    /// point stays where it is in the image (clamped into the box); the others are the box's own.
    static func gravity(_ gravity: Gravity, within box: PixelRect, uprightWidth w: Int, uprightHeight h: Int) -> Gravity {
        guard case .focus(let x, let y) = gravity else { return gravity }
        let fx = (x * Double(w) - Double(box.x)) / Double(box.width)
        let fy = (y * Double(h) - Double(box.y)) / Double(box.height)
        return .focus(x: min(1, max(0, fx)), y: min(1, max(0, fy)))
    }
}
