/// The attention and entropy gravities: the crop window is chosen from the pixels, in one decode.
extension Pipeline {
    /// Decodes the whole frame once, straight into one buffer, at the plan's DCT scale and with its chroma
    /// treatment (the window's size, hence both, does not depend on where it goes), chooses the window on a small upright copy
    /// (for attention on a large JPEG, of its block means: `decodeFrameWithEvidence`), re-plans with
    /// that focus and resamples the window from the same decoded pixels. Memory: the decoded frame
    /// at 1/`decodeScale` (its width x height x channels bytes) plus the output.
    /// Returns the resampled window, the plan with the window chosen, and the decoder's warnings.
    func decodeChoosingWindow(_ data: UnsafeRawBufferPointer, plan: FitPlan, workspace: PipelineWorkspace,
                              cancellation: CancellationFlag?) throws(FitError) -> (image: PixelBuffer, plan: FitPlan, warnings: [String]) {
        var decode = options.decodeOptions(scaleDenominator: plan.geometry.decodeScale)
        decode.threads = workspace.threadsPerImage
        decode.inLoopFilters = !plan.geometry.hidesInLoopFilters
        decode.smoothChroma = !plan.hidesChromaReplication
        let decoded: DecodedImage
        var chosen: FitPlan
        if analysesBlockMeans(of: plan.source) {
            let evidence: FrameEvidence
            (decoded, evidence) = try decodeFrameWithEvidence(data, options: decode, source: plan.source,
                                                              threads: workspace.threadsPerImage, cancellation: cancellation)
            chosen = try choosingWindow(with: CropWindowFinder(options.gravity, evidence: [evidence]), plan: plan)
        } else {
            decoded = try decodeFrame(data, options: decode, cancellation: cancellation)
            chosen = try choosingWindow(from: decoded.pixels, plan: plan, threads: workspace.threadsPerImage)
        }
        chosen.repeatsChroma = decode.repeatsChroma(decoding: plan.source.format)
        return (resample(decoded.pixels, crop: chosen.geometry, workspace: workspace), chosen, reported(decoded.warnings))
    }

    /// The whole stored frame, decoded at once into one buffer (the smart-crop and trim routes).
    func decodeFrame(_ data: UnsafeRawBufferPointer, options decode: DecodeOptions,
                     cancellation: CancellationFlag?) throws(FitError) -> DecodedImage {
        if cancellation?.isCancelled == true { throw .cancelled }
        let decoded: DecodedImage
        do { decoded = try ImageFile.decode(data, options: decode) } catch { throw .image(error) }
        if cancellation?.isCancelled == true { throw .cancelled }
        guard decoded.pixels.width > 0, decoded.pixels.height > 0 else { throw .image(.corrupt("the decoder produced no rows")) }
        return decoded
    }

    /// Resamples `crop` from `frame`, the whole stored image decoded at `crop`'s scale: its decode region's rows, in order.
    func resample(_ frame: PixelBuffer, crop: CropPlan, workspace: PipelineWorkspace) -> PixelBuffer {
        let region = crop.decodeRegion
        let resampler = workspace.resampler(filter: options.filter, sourceWidth: region.width, sourceHeight: region.height,
                                            crop: crop.scaledCrop(within: region), outputWidth: crop.outputWidth, outputHeight: crop.outputHeight,
                                            orientation: crop.orientation, layout: frame.layout, linearLight: options.linearLight)
        var image = workspace.image
        frame.bytes.withUnsafeBytes { bytes in
            let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + region.y * frame.bytesPerRow + region.x * frame.layout.channels
            let rows = SourceRows(base: base, bytesPerRow: frame.bytesPerRow)
            if workspace.threadsPerImage > 1, resampler.plan.selectedColumns == nil {
                resampler.resampleInTwoBands(rows, partner: workspace.partner(of: resampler), into: &image)
            } else {
                resampler.resample(rows, width: region.width, into: &image)
            }
        }
        return image
    }

    /// `plan` with its window chosen on `frame` (the whole source at the plan's decode scale), its
    /// analysis on up to `threads` threads: its geometry re-planned with that focus.
    func choosingWindow(from frame: PixelBuffer, plan: FitPlan, threads: Int) throws(FitError) -> FitPlan {
        try choosingWindow(with: CropWindowFinder(options.gravity, frame: frame, orientation: plan.source.orientation, threads: threads),
                           plan: plan)
    }

    /// `plan` with its window chosen by `finder` (built for this pipeline's gravity): its geometry
    /// re-planned with that focus.
    func choosingWindow(with finder: CropWindowFinder, plan: FitPlan) throws(FitError) -> FitPlan {
        let source = plan.source
        let upright = source.orientation.uprightSize(width: source.width, height: source.height)
        let w = Double(upright.width), h = Double(upright.height)
        let window = (width: plan.geometry.crop.width / w, height: plan.geometry.crop.height / h)
        let focus = finder.focus(window: window)
        var crop: CropPlan
        do {
            crop = try CropPlan.make(sourceWidth: source.width, sourceHeight: source.height, orientation: source.orientation,
                                     shrinkOnLoad: ShrinkOnLoad(source),
                                     ratio: options.ratio, size: options.size,
                                     gravity: .focus(x: min(1, max(0, focus.x)), y: min(1, max(0, focus.y))),
                                     enlarge: options.enlarge, filterRadius: options.filter.radius)
        } catch { throw .plan(error) }
        crop = crop.withDecodeScale(plan.geometry.decodeScale, filterRadius: options.filter.radius)
        var chosen = plan
        chosen.geometry = crop
        chosen.windowChoice = WindowChoice(strategy: options.gravity, focusX: (crop.crop.x + crop.crop.width / 2) / w,
                                           focusY: (crop.crop.y + crop.crop.height / 2) / h, subjects: finder.subjects)
        return chosen
    }
}
