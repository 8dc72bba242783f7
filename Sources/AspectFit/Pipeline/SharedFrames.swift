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
        let layout: PixelLayout = decoder.hasAlpha ? .rgba8 : .rgb8
        var fits = outputs.map { FrameFit($0, loopCount: decoder.loopCount) }
        let choosing = fits.indices.filter { fits[$0].result == nil && fits[$0].choosesWindowOverFrames }
        if !choosing.isEmpty {
            let gravities = Set(choosing.map { fits[$0].pipeline.options.gravity })
            do throws(FitError) {
                let windows = try AnimationWindows(bytes, policy: policy, gravities: gravities, orientation: fits[choosing[0]].plan.source.orientation,
                                                   cancellation: cancellation)
                for i in choosing {
                    do { try fits[i].chooseWindow(windows) } catch { fits[i].result = .failure(error) }
                }
            } catch {
                for i in choosing { fits[i].result = .failure(error) }
            }
        }
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
        return fits.map { fit in
            fit.result ?? Result { () throws(FitError) in
                try fit.finish(decoderWarnings: decoder.warnings, frameCount: decoder.frameCount, clock: clock, cancellation: cancellation)
            }
        }
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
        guard plan.animates else {
            encoder = nil
            return
        }
        do {
            encoder = try AnimationEncoder(format: plan.outputFormat, width: plan.outputWidth, height: plan.outputHeight, loopCount: loopCount,
                                           hasAlpha: plan.outputLayout.hasAlpha, webp: pipeline.options.webp, avif: pipeline.options.avif)
        } catch {
            encoder = nil
            result = .failure(.image(error))
        }
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
        if keeps, plan.windowChoice?.isChosen == false { plan = try pipeline.choosingWindow(from: frame, plan: plan) }
        if let encoder {
            let fitted = pipeline.composed(pipeline.resample(frame, crop: plan.geometry, workspace: workspace), plan: plan)
            do { try encoder.add(fitted, delay: delay) } catch { throw .image(error) }
            frames += 1
            duration += delay
        } else if keeps {
            still = pipeline.resample(frame, crop: plan.geometry, workspace: workspace)
        }
    }

    /// The written animation, or the still frame encoded.
    func finish(decoderWarnings: [String], frameCount: Int, clock: Stopwatch, cancellation: CancellationFlag?) throws(FitError) -> FitResult {
        var clock = clock
        guard let encoder else {
            guard let still else {
                throw .plan(.noSuchFrame(index: pipeline.options.frame ?? 0, frameCount: frameCount, format: plan.source.format.name))
            }
            clock.lap("decode+resample")
            return try pipeline.finish(still, plan: plan, decodeWarnings: pipeline.reported(decoderWarnings), workspace: workspace,
                                       clock: clock, cancellation: cancellation)
        }
        let file: [UInt8]
        do { file = try encoder.finish() } catch { throw .image(error) }
        clock.lap("frames")
        let options = pipeline.options
        let quality = plan.outputFormat == .avif ? options.avif.quality
            : plan.outputFormat == .webp && !options.webp.lossless ? options.webp.quality : nil
        if let maxBytes = options.maxBytes, file.count > maxBytes {
            throw .overBudget(smallestBytes: file.count, maxBytes: maxBytes, atQuality: quality)
        }
        var warnings = pipeline.reported(decoderWarnings)
        if plan.outputFormat == .avif, loopCount != 0 {
            let plays = loopCount ?? 1
            warnings.append("loop count dropped: the source plays \(plays == 1 ? "once" : "\(plays) times"), an AVIF sequence forever")
        }
        if options.keepICCProfile && plan.source.iccProfile != nil { warnings.append("ICC profile dropped: animations are written without one") }
        if options.keepMetadata != .none && (plan.source.exif != nil || plan.source.xmp != nil || plan.source.iptc != nil) {
            warnings.append("metadata dropped: animations are written without it")
        }
        return FitResult(bytes: file, plan: plan, warnings: warnings, timings: clock.laps, quality: quality, encodes: 1,
                         frames: frames, durationMilliseconds: duration)
    }
}
