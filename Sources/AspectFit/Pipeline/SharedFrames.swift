/// The outputs of one animated source (GIF, WebP, an AVIF sequence) that read its frames (`FitPlan.readsFrames`), from one decode
/// of every frame: each frame, composited on its canvas, is fitted by every output in the same pass,
/// as `SharedDecode` feeds a still image's rows to several resamplers. An output that animates
/// encodes each frame as it comes; a still output keeps its frame (`FitOptions.frame`, or the first).
/// A window chosen from the pixels (attention, entropy) is chosen per output and kept for every
/// frame: an animated output's from frames spread over the animation (`AnimationWindows`, a pass of
/// its own before this one), a still output's from its frame. Memory holds the canvas, one fitted
/// frame per output and the encoded files, whatever the frame count.
///
/// Each output fails by itself (a window it cannot choose, an encode that fails); a frame that cannot
/// be decoded fails the outputs still waiting for frames, and the decoder's limits fail them all.
struct SharedFrames {
    /// One output: how it is fitted and the workspace it resamples in.
    struct Output {
        let pipeline: Pipeline
        let plan: FitPlan
        let workspace: PipelineWorkspace
    }

    /// Outputs that agree on the decode policy (`FitOptions.decode`): the first one's is used.
    let outputs: [Output]

    init(_ outputs: [Output]) {
        self.outputs = outputs
    }

    /// One result per output, in order.
    func run(_ bytes: UnsafeRawBufferPointer, clock: Stopwatch, cancellation: CancellationFlag?) -> [Result<FitResult, FitError>] {
        guard let policy = outputs.first?.pipeline.options.decode else { return [] }
        let decoder: AnimationDecoder
        do { decoder = try AnimationDecoder(data: bytes, policy: policy) } catch {
            return Array(repeating: .failure(.image(error)), count: outputs.count)
        }
        var fits = outputs.map { FrameFit($0, loopCount: decoder.loopCount) }
        let choosing = fits.indices.filter { fits[$0].result == nil && fits[$0].choosesWindowOverFrames }
        if !choosing.isEmpty {
            let gravities = Set(choosing.map { fits[$0].pipeline.options.gravity })
            do throws(FitError) {
                let windows = try AnimationWindows(bytes, policy: policy, gravities: gravities, orientation: fits[choosing[0]].plan.source.orientation,
                                                   threads: fits[choosing[0]].workspace.threadsPerImage, cancellation: cancellation)
                for i in choosing {
                    do { try fits[i].chooseWindow(windows) } catch { fits[i].result = .failure(error) }
                }
            } catch {
                for i in choosing { fits[i].result = .failure(error) }
            }
        }
        Self.feed(&fits, from: decoder, cancellation: cancellation)
        return fits.map { fit in
            fit.result ?? Result { () throws(FitError) in
                guard fit.encoder != nil else {
                    return try fit.finish(decoderWarnings: decoder.warnings, frameCount: decoder.frameCount, clock: clock, cancellation: cancellation)
                }
                let written = try budgeted(fit, bytes, policy: policy, loopCount: decoder.loopCount, cancellation: cancellation)
                return fit.finish(written, decoderWarnings: decoder.warnings, clock: clock)
            }
        }
    }

    private static func decoder(_ bytes: UnsafeRawBufferPointer, policy: DecodePolicy) throws(FitError) -> AnimationDecoder {
        do { return try AnimationDecoder(data: bytes, policy: policy) } catch { throw .image(error) }
    }

    /// Decodes the frames and gives each to every fit that still wants them.
    private static func feed(_ fits: inout [FrameFit], from decoder: AnimationDecoder, cancellation: CancellationFlag?) {
        let layout: PixelLayout = decoder.hasAlpha ? .rgba8 : .rgb8
        var index = 0
        while fits.contains(where: \.wantsFrames) {
            let next: (frame: PixelBuffer, delay: Int)?
            do throws(FitError) {
                if cancellation?.isCancelled == true { throw .cancelled }
                do { next = try decoder.next(layout: layout) } catch { throw .image(error) }
            } catch {
                for i in fits.indices where fits[i].wantsFrames { fits[i].result = .failure(error) }
                break
            }
            guard let next else { break }
            for i in fits.indices where fits[i].wantsFrames {
                do { try fits[i].add(next.frame, delay: next.delay, index: index) } catch { fits[i].result = .failure(error) }
            }
            index += 1
        }
    }

    /// `fit`'s animation as written, or under a byte budget (`FitOptions.maxBytes`) at the highest
    /// lossy quality that fits (`QualitySearch`, floor `FitOptions.minQuality`): the frames are not
    /// kept, so each quality tried decodes and fits every frame again, for this output alone. A GIF
    /// or a lossless WebP has no quality to lower: over the budget, it fails.
    private func budgeted(_ fit: FrameFit, _ bytes: UnsafeRawBufferPointer, policy: DecodePolicy, loopCount: Int?,
                          cancellation: CancellationFlag?) throws(FitError) -> FrameFit.Written {
        let first = try fit.file()
        let options = fit.pipeline.options
        guard let maxBytes = options.maxBytes, first.count > maxBytes else { return FrameFit.Written(file: first, quality: fit.quality, encodes: 1) }
        guard let ceiling = fit.quality else { throw .overBudget(smallestBytes: first.count, maxBytes: maxBytes, atQuality: nil) }
        var files = [ceiling: first]
        let chosen = try QualitySearch(maxBytes: maxBytes, floor: options.minQuality, ceiling: ceiling).run { quality throws(FitError) in
            if let file = files[quality] { return file.count }
            var retry = options
            if fit.plan.outputFormat == .avif { retry.avif.quality = quality } else { retry.webp.quality = quality }
            let decoder = try Self.decoder(bytes, policy: policy)
            var again = [FrameFit(Output(pipeline: Pipeline(options: retry), plan: fit.plan, workspace: fit.workspace), loopCount: loopCount)]
            Self.feed(&again, from: decoder, cancellation: cancellation)
            if case .failure(let error) = again[0].result { throw error }
            files[quality] = try again[0].file()
            return files[quality]!.count
        }
        return FrameFit.Written(file: files[chosen]!, quality: chosen, encodes: files.count)
    }
}

/// One output of `SharedFrames` while the frames come: its plan (a smart crop's window chosen over
/// the frames, or on a still's frame), and the encoder of the animation it writes or the frame it
/// keeps as a still.
private struct FrameFit {
    let pipeline: Pipeline
    var plan: FitPlan
    let workspace: PipelineWorkspace
    let encoder: AnimationEncoder?
    /// Plays of the source animation (0: forever; nil: once).
    let loopCount: Int?
    /// Why the source's ICC profile is not on the animation, if it is not.
    let profileDropped: String?
    var still: PixelBuffer?
    var frames = 0
    var duration = 0
    /// Set once the output has failed.
    var result: Result<FitResult, FitError>?

    init(_ output: SharedFrames.Output, loopCount: Int?) {
        pipeline = output.pipeline
        plan = output.plan
        workspace = output.workspace
        self.loopCount = loopCount
        let profile = Self.profile(plan: plan, options: pipeline.options)
        profileDropped = profile.dropped
        guard plan.animates else {
            encoder = nil
            return
        }
        do {
            encoder = try AnimationEncoder(format: plan.outputFormat, width: plan.outputWidth, height: plan.outputHeight, loopCount: loopCount,
                                           hasAlpha: plan.outputLayout.hasAlpha, webp: pipeline.options.webp, avif: pipeline.options.avif,
                                           iccProfile: profile.kept)
        } catch {
            encoder = nil
            result = .failure(.image(error))
        }
    }

    /// The source's ICC profile on an animated WebP or AVIF (its frames are in the source's colours,
    /// unconverted), or why it is dropped: a GIF has no place for one, a grey profile does not describe
    /// RGB frames.
    private static func profile(plan: FitPlan, options: FitOptions) -> (kept: [UInt8]?, dropped: String?) {
        guard options.keepICCProfile, let profile = plan.source.iccProfile, plan.animates else { return (nil, nil) }
        if plan.outputFormat == .gif { return (nil, "ICC profile dropped: a GIF animation has no place for one") }
        guard ICCProfile.fits(profile, layout: .rgba8) else { return (nil, "ICC profile dropped: it does not describe RGB frames") }
        return (profile, options.toSRGB ? "not converted to sRGB: an animation's frames keep the source's colours and profile" : nil)
    }

    /// An animation wants every frame; a still the frames up to its own.
    var wantsFrames: Bool { result == nil && (encoder != nil || still == nil) }

    /// Whether the output animates and its window is still to be chosen from the pixels.
    var choosesWindowOverFrames: Bool { encoder != nil && plan.windowChoice?.isChosen == false }

    /// Chooses the window, once for every frame, from `windows`' analysis of the frames.
    mutating func chooseWindow(_ windows: AnimationWindows) throws(FitError) {
        guard let finder = windows.finders[pipeline.options.gravity] else { return }
        plan = try pipeline.choosingWindow(with: finder, plan: plan)
    }

    /// Fits frame `index`, shown for `delay` milliseconds.
    mutating func add(_ frame: PixelBuffer, delay: Int, index: Int) throws(FitError) {
        let keeps = encoder == nil && index == (pipeline.options.frame ?? 0)
        if keeps, plan.windowChoice?.isChosen == false { plan = try pipeline.choosingWindow(from: frame, plan: plan, threads: workspace.threadsPerImage) }
        if let encoder {
            let fitted = pipeline.composed(pipeline.resample(frame, crop: plan.geometry, workspace: workspace), plan: plan)
            do { try encoder.add(fitted, delay: delay) } catch { throw .image(error) }
            frames += 1
            duration += delay
        } else if keeps {
            still = pipeline.resample(frame, crop: plan.geometry, workspace: workspace)
        }
    }

    /// An animation's file, the lossy quality it was encoded at and how many encodes it took.
    struct Written {
        var file: [UInt8]
        var quality: Int?
        var encodes: Int
    }

    /// The lossy quality the animation is encoded at (AVIF, lossy WebP); nil for GIF and lossless WebP.
    var quality: Int? {
        let options = pipeline.options
        return plan.outputFormat == .avif ? options.avif.quality
            : plan.outputFormat == .webp && !options.webp.lossless ? options.webp.quality : nil
    }

    /// The animation's file, once every frame is added.
    func file() throws(FitError) -> [UInt8] {
        guard let encoder else { throw .image(.invalidArgument("a still output writes no animation")) }
        do { return try encoder.finish() } catch { throw .image(error) }
    }

    /// The still frame encoded.
    func finish(decoderWarnings: [String], frameCount: Int, clock: Stopwatch, cancellation: CancellationFlag?) throws(FitError) -> FitResult {
        var clock = clock
        guard let still else {
            throw .plan(.noSuchFrame(index: pipeline.options.frame ?? 0, frameCount: frameCount, format: plan.source.format.name))
        }
        clock.lap("decode+resample")
        return try pipeline.finish(still, plan: plan, decodeWarnings: pipeline.reported(decoderWarnings), workspace: workspace,
                                   clock: clock, cancellation: cancellation)
    }

    /// The result of the animation `written`.
    func finish(_ written: Written, decoderWarnings: [String], clock: Stopwatch) -> FitResult {
        var clock = clock
        clock.lap("frames")
        let options = pipeline.options
        var warnings = pipeline.reported(decoderWarnings)
        if plan.outputFormat == .avif, loopCount != 0 {
            let plays = loopCount ?? 1
            warnings.append("loop count dropped: the source plays \(plays == 1 ? "once" : "\(plays) times"), an AVIF sequence forever")
        }
        if let profileDropped { warnings.append(profileDropped) }
        if options.keepMetadata != .none && (plan.source.exif != nil || plan.source.xmp != nil || plan.source.iptc != nil) {
            warnings.append("metadata dropped: animations are written without it")
        }
        return FitResult(bytes: written.file, plan: plan, warnings: warnings, timings: clock.laps, quality: written.quality,
                         encodes: written.encodes, frames: frames, durationMilliseconds: duration)
    }
}
