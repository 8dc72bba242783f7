/// Animated GIF and WebP sources and AVIF sequences read frame by frame (`AnimationDecoder`): the whole
/// animation fitted with one plan, or one of its frames as a still.
extension Pipeline {
    /// Decodes the frames one at a time, each composited on its canvas, and fits each with the same
    /// plan: the same crop (a window chosen from the pixels is chosen once, on the first frame), bars
    /// and corners. An animation (`plan.animates`) is encoded frame by frame with its delays and loop
    /// count, so memory holds the canvas, one fitted frame and the encoded file, whatever the frame
    /// count; otherwise frame `options.frame` (or the first) is written as a still.
    func runFrames(_ bytes: UnsafeRawBufferPointer, plan: FitPlan, workspace: PipelineWorkspace, clock: Stopwatch,
                   cancellation: CancellationFlag?) throws(FitError) -> FitResult {
        var clock = clock
        let decoder: AnimationDecoder
        do { decoder = try AnimationDecoder(data: bytes, policy: options.decode) } catch { throw .image(error) }
        let layout: PixelLayout = decoder.hasAlpha ? .rgba8 : .rgb8
        var chosen = plan
        /// The next frame fitted (nil after the last), its window chosen on the first.
        func nextFitted(first: Bool) throws(FitError) -> (image: PixelBuffer, delay: Int)? {
            if cancellation?.isCancelled == true { throw .cancelled }
            let next: (frame: PixelBuffer, delay: Int)?
            do { next = try decoder.next(layout: layout) } catch { throw .image(error) }
            guard let next else { return nil }
            if first, plan.windowChoice?.isChosen == false { chosen = try choosingWindow(from: next.frame, plan: plan) }
            return (resample(next.frame, crop: chosen.geometry, workspace: workspace), next.delay)
        }
        guard plan.animates else {
            var frame = try nextFitted(first: true)
            for _ in 0 ..< (options.frame ?? 0) { frame = try nextFitted(first: false) }
            guard let frame else {
                throw .plan(.noSuchFrame(index: options.frame ?? 0, frameCount: decoder.frameCount, format: plan.source.format.name))
            }
            clock.lap("decode+resample")
            return try finish(frame.image, plan: chosen, decodeWarnings: reported(decoder.warnings), workspace: workspace, clock: clock,
                              cancellation: cancellation)
        }
        let encoder: AnimationEncoder
        do {
            encoder = try AnimationEncoder(format: plan.outputFormat, width: plan.outputWidth, height: plan.outputHeight,
                                           loopCount: decoder.loopCount, hasAlpha: plan.outputLayout.hasAlpha, webp: options.webp,
                                           avif: options.avif)
        } catch { throw .image(error) }
        var frames = 0, duration = 0
        while let frame = try nextFitted(first: frames == 0) {
            do { try encoder.add(composed(frame.image, plan: chosen), delay: frame.delay) } catch { throw .image(error) }
            frames += 1
            duration += frame.delay
        }
        let file: [UInt8]
        do { file = try encoder.finish() } catch { throw .image(error) }
        clock.lap("frames")
        let quality = plan.outputFormat == .avif ? options.avif.quality
            : plan.outputFormat == .webp && !options.webp.lossless ? options.webp.quality : nil
        if let maxBytes = options.maxBytes, file.count > maxBytes {
            throw .overBudget(smallestBytes: file.count, maxBytes: maxBytes, atQuality: quality)
        }
        var warnings = reported(decoder.warnings)
        if plan.outputFormat == .avif, decoder.loopCount != 0 {
            let plays = decoder.loopCount ?? 1
            warnings.append("loop count dropped: the source plays \(plays == 1 ? "once" : "\(plays) times"), an AVIF sequence forever")
        }
        if options.keepICCProfile && plan.source.iccProfile != nil { warnings.append("ICC profile dropped: animations are written without one") }
        if options.keepMetadata != .none && (plan.source.exif != nil || plan.source.xmp != nil || plan.source.iptc != nil) {
            warnings.append("metadata dropped: animations are written without it")
        }
        return FitResult(bytes: file, plan: chosen, warnings: warnings, timings: clock.laps, quality: quality, encodes: 1,
                         frames: frames, durationMilliseconds: duration)
    }
}
