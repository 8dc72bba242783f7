/// One decode feeding several resamplers: the source is decoded once, at the finest DCT scale
/// and over the union of the regions its outputs need, and every decoded row goes to each
/// output's resampler in the same pass (each crop re-expressed in the shared decode's coordinates).
struct SharedDecode {
    /// One output of the decode: its geometry (at the shared scale) and how it is resampled.
    struct Output {
        var geometry: CropPlan
        var filter: Filter
        var linearLight: Bool
        var workspace: PipelineWorkspace
    }

    /// The limits, damage policy and colour conversion every output shares.
    var options: DecodeOptions
    /// The outputs, their geometry already at `options.scaleDenominator`.
    var outputs: [Output]

    /// Plans a shared decode for `geometries`: the smallest scale denominator any of them chose,
    /// each re-planned at that scale, and the union of their regions.
    init(geometries: [CropPlan], filters: [Filter], linearLight: [Bool], workspaces: [PipelineWorkspace],
         policy: DecodePolicy, toSRGB: Bool) {
        precondition(!geometries.isEmpty && geometries.count == filters.count)
        let scale = geometries.map(\.decodeScale).min()!
        outputs = geometries.indices.map { i in
            let geometry = geometries[i].decodeScale == scale ? geometries[i]
                : geometries[i].withDecodeScale(scale, filterRadius: filters[i].radius)
            return Output(geometry: geometry, filter: filters[i], linearLight: linearLight[i], workspace: workspaces[i])
        }
        let regions = outputs.map(\.geometry.decodeRegion)
        let x = regions.map(\.x).min()!
        let y = regions.map(\.y).min()!
        let union = PixelRect(x: x, y: y, width: regions.map(\.maxX).max()! - x, height: regions.map(\.maxY).max()! - y)
        options = DecodeOptions(maxPixels: policy.maxPixels, failOnTruncation: policy.failOnTruncation,
                                scaleDenominator: scale, region: union)
        options.convertToSRGB = toSRGB
        options.smoothChroma = !outputs.allSatisfy(\.geometry.hidesChromaReplication)
    }

    /// Decodes once and returns each output's resampled (upright, not yet cornered) pixels, in
    /// order, and the decoder's warnings. `cancellation` is checked before every row.
    func run(_ data: UnsafeRawBufferPointer, cancellation: CancellationFlag?) throws(FitError) -> ([PixelBuffer], [String]) {
        var resamplers: [Resampler] = []
        let summary: DecodeSummary
        do {
            summary = try ImageFile.decodeRows(data, options: options, start: { region, layout in
                resamplers = outputs.map { output in
                    let crop = output.geometry
                    let box = Box(x: crop.scaledCrop.x - Double(region.x), y: crop.scaledCrop.y - Double(region.y),
                                  width: crop.scaledCrop.width, height: crop.scaledCrop.height)
                    return output.workspace.resampler(filter: output.filter, sourceWidth: region.width,
                                                      sourceHeight: region.height, crop: box, outputWidth: crop.outputWidth,
                                                      outputHeight: crop.outputHeight, orientation: crop.orientation,
                                                      layout: layout, linearLight: output.linearLight)
                }
            }, row: { y, pixels in
                if cancellation?.isCancelled == true { throw FitError.cancelled }
                for resampler in resamplers { resampler.consume(row: pixels, y: y) }
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
