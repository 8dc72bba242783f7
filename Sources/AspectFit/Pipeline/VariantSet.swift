import FoundationEssentials

/// Several outputs (variants) of one image made from a single decode: a thumbnail, a hero and a
/// social card of each upload without decoding it three times.
///
/// Every variant is planned from one probe of the header. Variants that decode alike (the same
/// `decode` policy and `toSRGB`: in practice all of them) share one decode, at the finest DCT
/// scale any of them needs and over the union of their regions; each decoded row is fed to every
/// variant's resampler in the same pass (box-reduced first towards the scale a variant picks alone
/// when that is coarser), then each is cornered and encoded on its own. Each
/// variant succeeds or fails by itself: a plan one variant cannot make, or an encode that fails,
/// leaves the others' results intact; a source that cannot be read fails them all.
///
/// A variant whose crop window is chosen from the pixels (`Gravity.attention`, `.entropy`) decodes
/// the frame by itself, as `Pipeline.run` does; it still gets its result from the same call. The
/// variants that read an animation's frames share one decode of every frame (`SharedFrames`).
///
/// A variant that would decode at a coarser DCT scale alone gets an exact box average of the
/// finer rows where the DCT would approximate one (`boxReduction`), so its output can differ slightly from
/// `Pipeline(options:).run` on the same bytes (within 0.05 dB PSNR; tests hold it).
public struct VariantSet: Sendable {
    /// One pipeline per variant, in the order results are returned.
    public let pipelines: [Pipeline]

    /// The variants `pipelines` describe, in order.
    public init(_ pipelines: [Pipeline]) {
        self.pipelines = pipelines
    }

    /// One variant per element of `options`, in order.
    public init(options: [FitOptions]) {
        self.init(options.map { Pipeline(options: $0) })
    }

    /// Each variant's plan for `data`, from its header alone (nothing is decoded); the decode
    /// scale and region are the ones its resampler reads when the variants share a decode.
    public func plan(_ data: some ContiguousBytes) -> [Result<FitPlan, FitError>] {
        data.withUnsafeBytes { bytes in
            switch Self.probe(bytes) {
            case .success(let info): plans(for: info)
            case .failure(let error): Array(repeating: .failure(error), count: pipelines.count)
            }
        }
    }

    /// Each variant's plan for a source whose header says `info` (the input limits checked per
    /// variant), at the scale `run` would resample it from.
    public func plans(for info: ImageInfo) -> [Result<FitPlan, FitError>] {
        planned(for: info, workspace: nil).map { $0.map(\.plan) }
    }

    /// Fits every variant of one encoded JPEG, PNG, WebP, AVIF, HEIF or GIF image (read in place) and returns one result
    /// per variant, in order. Blocks the calling thread: from async code use `run(_:on:)`.
    public func run(_ data: some ContiguousBytes) -> [Result<FitResult, FitError>] {
        run(data, workspace: PipelineWorkspace())
    }

    /// `run(_:)` reusing `workspace`'s tables and buffers (one slot per variant); a batch worker
    /// keeps one workspace.
    public func run(_ data: some ContiguousBytes, workspace: PipelineWorkspace) -> [Result<FitResult, FitError>] {
        data.withUnsafeBytes { run(bytes: $0, workspace: workspace, cancellation: nil) }
    }

    /// A variant's plan at the scale its shared decode uses, with the options it is decoded with.
    private struct Planned {
        var plan: FitPlan
        /// What its decode asks for besides geometry (`FitOptions.decodeOptions()`): variants that agree share one.
        var decodeKey: DecodeOptions
        /// A window still to be chosen from the pixels (attention, entropy), or 16-bit output: such a
        /// variant decodes by itself (`Pipeline.run`), the others share a streamed 8-bit decode.
        var decodesAlone: Bool { plan.decodesAlone }
    }

    /// The header, or why it cannot be read.
    private static func probe(_ bytes: UnsafeRawBufferPointer) -> Result<ImageInfo, FitError> {
        do { return .success(try ImageFile.probe(bytes)) } catch { return .failure(.image(error)) }
    }

    /// Each variant's plan from one probe, its geometry at the scale its resampler reads: a
    /// variant that picks a coarser scale alone than the finest of those sharing its decode gets
    /// the finest rows box-reduced (`boxReduction`). Corner masks come from `workspace`'s slots when it is given.
    private func planned(for info: ImageInfo, workspace: PipelineWorkspace?) -> [Result<Planned, FitError>] {
        var planned: [Result<Planned, FitError>] = pipelines.indices.map { i in
            Result { () throws(FitError) in
                try pipelines[i].checkInputLimits(info)
                return Planned(plan: try pipelines[i].plan(for: info, reusing: workspace?.slot(i)),
                               decodeKey: pipelines[i].options.decodeOptions())
            }
        }
        var finest: [DecodeOptions: Int] = [:]
        for case .success(let p) in planned where !p.decodesAlone {
            finest[p.decodeKey] = min(finest[p.decodeKey] ?? p.plan.geometry.decodeScale, p.plan.geometry.decodeScale)
        }
        for i in planned.indices {
            guard case .success(var p) = planned[i], !p.decodesAlone, let shared = finest[p.decodeKey] else { continue }
            p.plan.boxReduction = Self.boxReduction(p.plan.geometry.decodeScale / shared)
            p.plan.geometry = p.plan.geometry.withDecodeScale(shared * p.plan.boxReduction, filterRadius: pipelines[i].options.filter.radius)
            planned[i] = .success(p)
        }
        return planned
    }

    /// The box reduction for a variant `ratio` (1, 2, 4 or 8) times coarser alone than the shared
    /// decode: all of it from 4 up; none at 2, where a 2x2 mean measured 0.07 dB under the DCT's 1/2
    /// scaling (a 400x267 gray photo to 64x64, past the 0.05 dB bound; 4x4 and 8x8 stayed inside).
    static func boxReduction(_ ratio: Int) -> Int {
        ratio >= 4 ? ratio : 1
    }

    /// The route of every fit, one output or many: one probe, the plans, one decode per decode key
    /// feeding every output that shares it (`SharedDecode`), one decode of an animation's frames for
    /// the outputs that read them (`SharedFrames`), each other output that decodes alone by its own
    /// route (`Pipeline.runAlone`), then each output's corners and encode (`Pipeline.finish`).
    func run(bytes: UnsafeRawBufferPointer, workspace: PipelineWorkspace,
             cancellation: CancellationFlag?) -> [Result<FitResult, FitError>] {
        var clock = Stopwatch()
        let info: ImageInfo
        switch Self.probe(bytes) {
        case .success(let probed): info = probed
        case .failure(let error): return Array(repeating: .failure(error), count: pipelines.count)
        }
        let planned = planned(for: info, workspace: workspace)
        let memory = estimatedMemory(of: planned.map { $0.map(\.plan) }, inputBytes: 0)
        guard memory.isAvailable else { return Array(repeating: .failure(.outOfMemory(bytes: memory.bytes)), count: pipelines.count) }
        clock.lap("plan")
        // Every variant planned is decoded below and gets its own result there.
        var results = planned.map { planned -> Result<FitResult, FitError> in
            if case .failure(let error) = planned { return .failure(error) }
            return .failure(.cancelled)
        }
        var keys: [DecodeOptions] = []
        for case .success(let p) in planned where !p.decodesAlone && !keys.contains(p.decodeKey) { keys.append(p.decodeKey) }
        var framePolicies: [DecodePolicy] = []
        for i in planned.indices {
            guard case .success(let p) = planned[i], p.decodesAlone else { continue }
            if p.plan.readsFrames {
                if !framePolicies.contains(pipelines[i].options.decode) { framePolicies.append(pipelines[i].options.decode) }
                continue
            }
            var own = clock
            own.restart()
            results[i] = Result { () throws(FitError) in
                try pipelines[i].runAlone(bytes, plan: p.plan, workspace: workspace.slot(i), clock: own, cancellation: cancellation)
            }
        }
        for policy in framePolicies {
            let members = planned.indices.filter {
                (try? planned[$0].get()).map(\.plan.readsFrames) == true && pipelines[$0].options.decode == policy
            }
            var own = clock
            own.restart()
            let outputs = members.map { SharedFrames.Output(pipeline: pipelines[$0], plan: try! planned[$0].get().plan, workspace: workspace.slot($0)) }
            for (i, result) in zip(members, SharedFrames(outputs).run(bytes, clock: own, cancellation: cancellation)) { results[i] = result }
        }
        for key in keys {
            let members = planned.indices.filter { (try? planned[$0].get()).map { !$0.decodesAlone && $0.decodeKey == key } == true }
            let plans = members.map { try! planned[$0].get().plan }
            let slots = members.map { workspace.slot($0) }
            let decode = SharedDecode(members.indices.map { n in (plans[n], pipelines[members[n]].options, slots[n]) })
            var decodeClock = clock
            decodeClock.restart()
            let images: [PixelBuffer]
            let warnings: [String]
            do { (images, warnings) = try decode.run(bytes, cancellation: cancellation) } catch {
                for i in members { results[i] = .failure(error) }
                continue
            }
            decodeClock.lap("decode+resample")
            for (n, i) in members.enumerated() {
                var variantClock = decodeClock
                if n > 0 { variantClock.restart() }
                results[i] = Result { () throws(FitError) in
                    try pipelines[i].finish(images[n], plan: decode.withChroma(plans[n]), decodeWarnings: warnings, workspace: slots[n],
                                            clock: variantClock, cancellation: cancellation)
                }
            }
        }
        return results
    }
}

extension VariantSet {
    /// `run(_:on:)` on `FitExecutor.shared`: what `await variants.run(bytes)` calls.
    public func run(_ data: some ContiguousBytes & Sendable) async -> [Result<FitResult, FitError>] {
        await run(data, on: .shared)
    }

    /// Fits every variant on `executor`'s threads (one job: one decode) and suspends until all
    /// are done. Cancelling the calling task stops the fit at its next decoded row with
    /// `FitError.cancelled` for the variants not yet finished.
    public func run(_ data: some ContiguousBytes & Sendable, on executor: FitExecutor) async -> [Result<FitResult, FitError>] {
        let flag = CancellationFlag()
        let count = pipelines.count
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[Result<FitResult, FitError>], Never>) in
                executor.submit { workspace in
                    guard !flag.isCancelled else {
                        return continuation.resume(returning: Array(repeating: .failure(.cancelled), count: count))
                    }
                    continuation.resume(returning: data.withUnsafeBytes { run(bytes: $0, workspace: workspace, cancellation: flag) })
                }
            }
        } onCancel: {
            flag.cancel()
        }
    }
}
