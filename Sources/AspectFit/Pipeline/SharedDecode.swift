/// One decode feeding several resamplers: the source is decoded once, at the finest DCT scale
/// any output chose and over the union of the regions they need, and every decoded row goes to
/// each output's resampler in the same pass. An output that chose a coarser scale gets its rows
/// through a `BoxReducer` to that scale, so its resampler sees the pixels and geometry of the
/// decode it would make alone.
struct SharedDecode {
    /// One output of the decode: its geometry (at its own scale) and how it is resampled.
    struct Output {
        var geometry: CropPlan
        var filter: Filter
        var linearLight: Bool
        /// Whether its output hides repeated chroma (`FitPlan.hidesChromaReplication`).
        var hidesChromaReplication: Bool
        var workspace: PipelineWorkspace
        /// Its decode scale over the shared one: 1, or the box side that reduces the shared rows.
        var reduction: Int
    }

    /// The limits, damage policy and colour conversion every output shares.
    var options: DecodeOptions
    /// The outputs, each geometry at its own scale.
    var outputs: [Output]

    /// Plans a shared decode for `members`, which ask for the same decode apart from geometry
    /// (`FitOptions.decodeOptions()`): the smallest scale denominator any of them chose, over the
    /// union of their regions (a coarser one's region taken as the blocks that make it).
    init(_ members: [(plan: FitPlan, options: FitOptions, workspace: PipelineWorkspace)]) {
        precondition(!members.isEmpty && members.allSatisfy { $0.options.decodeOptions() == members[0].options.decodeOptions() })
        let scale = members.map(\.plan.geometry.decodeScale).min()!
        outputs = members.map { member in
            Output(geometry: member.plan.geometry, filter: member.options.filter, linearLight: member.options.linearLight,
                   hidesChromaReplication: member.plan.hidesChromaReplication, workspace: member.workspace,
                   reduction: member.plan.geometry.decodeScale / scale)
        }
        let regions = outputs.map { output in
            let g = output.geometry
            return output.reduction == 1 ? g.decodeRegion
                : BoxReducer.inputSpan(of: g.decodeRegion, factor: output.reduction,
                                       inputWidth: (g.sourceWidth + scale - 1) / scale, inputHeight: (g.sourceHeight + scale - 1) / scale)
        }
        let x = regions.map(\.x).min()!
        let y = regions.map(\.y).min()!
        let union = PixelRect(x: x, y: y, width: regions.map(\.maxX).max()! - x, height: regions.map(\.maxY).max()! - y)
        options = members[0].options.decodeOptions(scaleDenominator: scale, region: union)
        options.threads = members[0].workspace.threadsPerImage
        // A box-reduced output averages 4x4 or 8x8 blocks, whole chroma samples each: repeating hides in it.
        // A lossless output keeps what a lossy one's own chroma subsampling and quantisation would lose.
        options.smoothChroma = !outputs.allSatisfy { $0.reduction > 1 || $0.hidesChromaReplication }
        options.inLoopFilters = !outputs.allSatisfy { $0.geometry.hidesInLoopFilters }
    }

    /// `plan` with how this decode upsampled the chroma.
    func withChroma(_ plan: FitPlan) -> FitPlan {
        var plan = plan
        plan.repeatsChroma = options.repeatsChroma(decoding: plan.source.format)
        return plan
    }

    /// Decodes once and returns each output's resampled (upright, not yet cornered) pixels, in
    /// order, and the decoder's warnings. `cancellation` is checked before every row.
    func run(_ data: UnsafeRawBufferPointer, cancellation: CancellationFlag?) throws(FitError) -> ([PixelBuffer], [String]) {
        var resamplers: [Resampler] = []
        var reducers: [BoxReducer?] = []
        let summary: DecodeSummary
        do {
            summary = try ImageFile.decodeRows(data, options: options, store: outputs[0].workspace.pixelStore,
                                               start: { region, layout in
                resamplers = outputs.map { output in
                    let crop = output.geometry
                    // A reduced output's rows start at its own region, else at the shared one.
                    let source = output.reduction == 1 ? region : crop.decodeRegion
                    return output.workspace.resampler(filter: output.filter, sourceWidth: source.width, sourceHeight: source.height,
                                                      crop: crop.scaledCrop(within: source), outputWidth: crop.outputWidth,
                                                      outputHeight: crop.outputHeight, orientation: crop.orientation,
                                                      layout: layout, linearLight: output.linearLight)
                }
                reducers = outputs.map { output in
                    guard output.reduction > 1 else { return nil }
                    let scale = options.scaleDenominator
                    return BoxReducer(factor: output.reduction, region: output.geometry.decodeRegion, channels: layout.channels,
                                      inputWidth: (output.geometry.sourceWidth + scale - 1) / scale,
                                      inputHeight: (output.geometry.sourceHeight + scale - 1) / scale, decoded: region)
                }
            }, row: { y, pixels in
                if cancellation?.isCancelled == true { throw FitError.cancelled }
                for (resampler, reducer) in zip(resamplers, reducers) {
                    if let reducer {
                        reducer.consume(row: pixels, y: y) { resampler.consume(row: $1, y: $0) }
                    } else {
                        resampler.consume(row: pixels, y: y)
                    }
                }
            })
        } catch let error as FitError {
            throw error
        } catch let error as ImageIOError {
            throw .image(error)
        } catch {
            throw .image(.corrupt("\(error)"))
        }
        guard resamplers.count == outputs.count else { throw .image(.corrupt("the decoder produced no rows")) }
        let images = zip(resamplers, outputs).map { resampler, output in
            var image = output.workspace.image
            resampler.finish(into: &image)
            return image
        }
        return (images, summary.warnings)
    }
}
