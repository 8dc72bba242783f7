import FoundationEssentials

/// The whole route of one image: probe -> plan -> decode (shrink-on-load, only the rows and
/// columns the crop needs) streamed row by row into the resampler -> corners -> encode. A run is
/// the route of a `VariantSet` of one.
///
/// A `Pipeline` is an immutable value: share one between threads; every `run` is independent.
public struct Pipeline: Sendable {
    /// What every run of this pipeline does.
    public let options: FitOptions

    /// A pipeline that fits every image with `options`.
    public init(options: FitOptions = FitOptions()) {
        self.options = options
    }

    /// What `run` would do with `data`, from its header alone: nothing is decoded.
    public func plan(_ data: some ContiguousBytes) throws(FitError) -> FitPlan {
        try VariantSet([self]).plan(data)[0].get()
    }

    /// What `run` would do with a source whose header says `info`. The input limits are not part of
    /// the plan: `run` and `plan(_:)` check them too (`checkInputLimits`), so a refused input still has one.
    public func plan(for info: ImageInfo) throws(FitError) -> FitPlan {
        try plan(for: info, reusing: nil)
    }

    /// `plan(for:)`, its corner mask taken from `workspace` when the last output there had the same one.
    func plan(for info: ImageInfo, reusing workspace: PipelineWorkspace?) throws(FitError) -> FitPlan {
        if let index = options.frame, index < 0 || index >= info.frameCount || (index > 0 && !info.isReadableAnimation) {
            throw .plan(.noSuchFrame(index: index, frameCount: info.frameCount, format: info.format.name))
        }
        // an animation read frame by frame: its frames' layout is the whole animation's
        let framesReadable = info.isReadableAnimation && options.trim == nil
        let wantsAll = framesReadable && options.frames == .all && options.frame == nil
        let frameLayout: PixelLayout = info.animationHasAlpha ? .rgba8 : .rgb8
        let framesLayout = wantsAll || (framesReadable && options.frame != nil) ? frameLayout : info.decodedLayout
        var crop: CropPlan
        var letterbox: Letterbox?
        if options.fit == .contain {
            (crop, letterbox) = try containedPlan(info: info)
        } else {
            do {
                crop = try CropPlan.make(sourceWidth: info.width, sourceHeight: info.height, orientation: info.orientation,
                                         shrinkOnLoad: ShrinkOnLoad(info), ratio: options.ratio, size: options.size,
                                         gravity: options.gravity, enlarge: options.enlarge,
                                         filterRadius: options.filter.radius)
            } catch { throw .plan(error) }
        }
        if options.trim != nil { crop = crop.withDecodeScale(1, filterRadius: options.filter.radius) }
        let box = (width: letterbox?.width ?? crop.outputWidth, height: letterbox?.height ?? crop.outputHeight)
        let onPicture = options.cornersOn == .picture && letterbox != nil
        let rounded = onPicture ? (width: crop.outputWidth, height: crop.outputHeight) : box
        let mask = options.cornerRadius.flatMap { radius -> CornerMask? in
            guard radius.pixels(width: rounded.width, height: rounded.height) > 0 else { return nil }
            return workspace?.cornerMask(width: rounded.width, height: rounded.height, radius: radius, style: options.cornerStyle)
                ?? CornerMask(width: rounded.width, height: rounded.height, radius: radius, style: options.cornerStyle)
        }
        let corners = mask != nil
        let fillsOpaque = options.background?.isOpaque == true
        let format = options.format.resolved(source: info.format, transparent: (framesLayout.hasAlpha || corners) && !fillsOpaque,
                                             animated: wantsAll)
        let animates = wantsAll && format.animates
        let readsFrames = animates || (framesReadable && options.frame != nil)
        let sourceLayout = readsFrames ? frameLayout : info.decodedLayout
        if readsFrames { crop = crop.withDecodeScale(1, filterRadius: options.filter.radius) }
        guard box.width <= format.maxSide, box.height <= format.maxSide else {
            throw .plan(.outputTooLarge(width: Double(box.width), height: Double(box.height),
                                        maxSide: format.maxSide, maxPixels: DecodeOptions.defaultMaxPixels))
        }
        let layout = format == .jpeg || fillsOpaque ? sourceLayout.withoutAlpha
            : corners || letterbox != nil ? sourceLayout.withAlpha : sourceLayout
        let smart = options.gravity.readsPixels && options.fit == .cover
        var plan = FitPlan(source: info, geometry: crop, outputFormat: format, outputLayout: layout,
                           windowChoice: smart ? WindowChoice(window: crop, strategy: options.gravity) : nil, letterbox: letterbox,
                           corners: mask, cornersOnlyOnBars: !onPicture && mask.flatMap { mask in
                               letterbox.map { Self.corners(mask, miss: $0, picture: (crop.outputWidth, crop.outputHeight)) } } == true)
        plan.roundsPicture = onPicture
        plan.outputBitDepth = outputBitDepth(source: info, format: format).rawValue
        plan.trims = options.trim != nil
        plan.animates = animates
        plan.readsFrames = readsFrames
        if plan.trims && plan.outputBitDepth == 16 { throw .plan(.trimSixteenBit) }
        return plan
    }

    /// Whether the box's rounded corners (`mask`) miss the `picture` that `letterbox` places, falling only on bars
    /// of their own fill: a picture pixel nearest a corner is the one its cut would reach first.
    private static func corners(_ mask: CornerMask, miss letterbox: Letterbox, picture: (width: Int, height: Int)) -> Bool {
        let (left, top) = (letterbox.x, letterbox.y)
        let (right, bottom) = (letterbox.x + picture.width - 1, letterbox.y + picture.height - 1)
        return [(left, top), (right, top), (left, bottom), (right, bottom)].allSatisfy { mask.coverage(x: $0.0, y: $0.1) == 255 }
    }

    /// The depth `options.bitDepth` asks of a `format` output of `info`: PNG alone holds 16 bits; by
    /// default a 16-bit PNG keeps them, unless `toSRGB` converts it (at 8 bits), `trim` reads it (at 8
    /// bits) or `maxBytes` asks for small files (a forced 16-bit output over the budget fails). A
    /// palette PNG is 8-bit whatever `bitDepth` asks.
    private func outputBitDepth(source info: ImageInfo, format: ImageFormat) -> BitDepth {
        guard format == .png, options.png.palette == nil else { return .eight }
        if let depth = options.bitDepth { return depth }
        return info.format == .png && info.bitDepth == 16 && !options.toSRGB && options.trim == nil
            && options.maxBytes == nil ? .sixteen : .eight
    }

    /// Fits one encoded JPEG, PNG, WebP, AVIF, HEIF or GIF image (`[UInt8]`, `Data`, a byte slice: read in place, never
    /// copied) and returns the encoded result. Blocks the calling thread: from async code use
    /// `run(_:on:)`, which keeps the cooperative pool free.
    public func run(_ data: some ContiguousBytes) throws(FitError) -> FitResult {
        try run(data, workspace: PipelineWorkspace())
    }

    /// Fits one image reusing `workspace`'s tables and buffers; a batch worker keeps one workspace.
    public func run(_ data: some ContiguousBytes, workspace: PipelineWorkspace) throws(FitError) -> FitResult {
        try data.withUnsafeBytes { bytes in
            Result { () throws(FitError) in try run(bytes: bytes, workspace: workspace, cancellation: nil) }
        }.get()
    }

    /// The route of a variant set of one (`VariantSet`); `cancellation`, when given, is checked
    /// between steps and decoded rows.
    func run(bytes: UnsafeRawBufferPointer, workspace: PipelineWorkspace,
             cancellation: CancellationFlag?) throws(FitError) -> FitResult {
        try VariantSet([self]).run(bytes: bytes, workspace: workspace, cancellation: cancellation)[0].get()
    }

    /// The route of an output that decodes by itself (`FitPlan.decodesAlone`): 16-bit, trimmed, or
    /// its window chosen from the pixels.
    func runAlone(_ bytes: UnsafeRawBufferPointer, plan: FitPlan, workspace: PipelineWorkspace, clock: Stopwatch,
                  cancellation: CancellationFlag?) throws(FitError) -> FitResult {
        if plan.outputBitDepth == 16 {
            return try runSixteenBit(bytes, plan: plan, clock: clock, cancellation: cancellation)
        }
        var clock = clock
        let decoded = if let trim = options.trim {
            try decodeTrimming(bytes, trim: trim, plan: plan, workspace: workspace, cancellation: cancellation)
        } else {
            try decodeChoosingWindow(bytes, plan: plan, workspace: workspace, cancellation: cancellation)
        }
        clock.lap("decode+resample")
        return try finish(decoded.image, plan: decoded.plan, decodeWarnings: decoded.warnings, workspace: workspace, clock: clock,
                          cancellation: cancellation)
    }

    /// The steps after resampling, for one output: sharpen, letterbox, corners, colour tag, encode.
    func finish(_ resampled: PixelBuffer, plan: FitPlan, decodeWarnings: [String], workspace: PipelineWorkspace,
                clock: Stopwatch, cancellation: CancellationFlag?) throws(FitError) -> FitResult {
        var clock = clock
        let image = composed(resampled, plan: plan)
        defer { workspace.image = image }
        clock.lap("corners")
        if cancellation?.isCancelled == true { throw .cancelled }
        var (warnings, tag, metadata) = outputMetadata(plan: plan, decodeWarnings: decodeWarnings)
        let encoder = OutputEncoder(plan.outputFormat, options: options)
        let chosen: BudgetedEncode.Chosen
        if let maxBytes = options.maxBytes {
            chosen = try BudgetedEncode(maxBytes: maxBytes, minQuality: options.minQuality)
                .run(encoder, image: image, tag: tag, metadata: metadata, warnings: &warnings)
        } else {
            do {
                chosen = .init(bytes: try encoder.encode(image, tag: tag, metadata: metadata, warnings: &warnings),
                               quality: encoder.lossyQuality, paletteColours: encoder.paletteColours, encodes: 1)
            } catch { throw .image(error) }
        }
        clock.lap("encode")
        return FitResult(bytes: chosen.bytes, plan: plan, warnings: warnings, timings: clock.laps,
                         quality: chosen.quality, paletteColours: chosen.paletteColours, encodes: chosen.encodes)
    }

    /// The resampled picture made into the output: sharpened, placed in its contain box, its
    /// corners cut, its transparency filled as the plan's layout and background say.
    func composed(_ resampled: PixelBuffer, plan: FitPlan) -> PixelBuffer {
        var image = options.sharpen.map { $0.apply(to: resampled) } ?? resampled
        if plan.roundsPicture { image = applyCorners(to: image, plan: plan) }
        if let box = plan.letterbox {
            image = box.place(image, transparent: plan.outputLayout.hasAlpha, background: opaqueFill)
        }
        if !plan.roundsPicture { image = applyCorners(to: image, plan: plan) }
        if plan.outputLayout.hasAlpha, let background = options.background, background.a > 0 {
            image = underlay(image, with: background)
        }
        return image
    }

    /// What goes with the pixels of `plan`'s output: the warnings to report, the colour label and
    /// the metadata blocks kept (made true for the output).
    func outputMetadata(plan: FitPlan, decodeWarnings: [String]) -> (warnings: [String], tag: ColourTag, metadata: MetadataBlocks) {
        var warnings = reported(decodeWarnings)
        if plan.source.isAnimated && !plan.readsFrames {
            warnings.append("an animation of \(plan.source.frameCount) frames: only the first is written")
        }
        let tag = colourTag(plan: plan, warnings: &warnings)
        let metadata = options.keepMetadata == .none ? MetadataBlocks()
            : MetadataBlocks(kept: options.keepMetadata, from: plan.source, width: plan.outputWidth, height: plan.outputHeight,
                             warnings: &warnings)
        return (warnings, tag, metadata)
    }

    /// The decoder's warnings worth reporting: a profile the reader could not use is no news when
    /// the output carries none anyway.
    func reported(_ warnings: [String]) -> [String] {
        options.keepICCProfile ? warnings : warnings.filter { !$0.hasPrefix("ICC profile") }
    }

    /// What transparency becomes where the output has no alpha: the background seen over white
    /// (white when none is given).
    private var opaqueFill: RGBColor { (options.background ?? .white).over(.white) }

    /// Cuts the corners of `resampled` (the box, or the picture before it is placed) into alpha or
    /// onto the opaque fill, and brings the pixels to the plan's output layout: opaque alpha added
    /// for corners, transparency flattened where the output has no alpha.
    private func applyCorners(to resampled: PixelBuffer, plan: FitPlan) -> PixelBuffer {
        var image = resampled
        let mask = plan.corners.flatMap { $0.isEmpty ? nil : $0 }
        if plan.outputLayout.hasAlpha {
            if !image.layout.hasAlpha { image = image.addingOpaqueAlpha() }
            mask?.apply(to: &image)
        } else if image.layout.hasAlpha {
            mask?.apply(to: &image)
            image = flatten(image, onto: opaqueFill)
        } else {
            mask?.apply(to: &image, background: opaqueFill)
        }
        return image
    }

    /// sRGB for pixels converted to it (`toSRGB`, and CMYK always); otherwise the source's ICC profile
    /// when it still describes the output's colour model. Nothing when metadata is stripped.
    private func colourTag(plan: FitPlan, warnings: inout [String]) -> ColourTag {
        guard options.keepICCProfile else { return .none }
        if options.toSRGB || plan.source.isCMYK { return .sRGB }
        guard let profile = plan.source.iccProfile else { return .none }
        guard ICCProfile.fits(profile, layout: plan.outputLayout) else {
            warnings.append("ICC profile dropped: it does not describe \(plan.outputLayout) pixels")
            return .none
        }
        return .profile(profile)
    }
}
