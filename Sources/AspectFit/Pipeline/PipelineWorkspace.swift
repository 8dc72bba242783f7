/// What one thread reuses from image to image: the last resampler, whose coefficient tables and
/// buffers serve every following image of the same geometry (the usual case in a batch), the last
/// corner mask, the output pixels, and the memory of the last whole-image decode (WebP, AVIF, HEIF,
/// GIF). Not thread-safe: give each worker its own.
public final class PipelineWorkspace {
    private var resampler: Resampler?
    /// A second resampler of the last one's plan, for the band a second thread fills.
    private var partner: Resampler?
    private var mask: CornerMask?
    /// The previous output's pixels, swapped back into the resampler for the next image.
    var image = PixelBuffer(blankWidth: 0, height: 0, layout: .rgb8)
    /// Threads one image may use: its HEIF tile decode's (`DecodeOptions.threads`), and from 2 the
    /// smart-crop routes' face scan beside the saliency map and their resample in two bands. 1, the
    /// default, suits a worker of a batch that runs one image per core; a lone image on an
    /// otherwise idle machine can take more.
    public var threadsPerImage = 1
    /// The last whole-image decode's pixel memory, lent to the next (`PixelStore`).
    let pixelStore = PixelStore()
    /// The workspaces of a `VariantSet`'s further variants (variant 0 uses this one).
    private var slots: [PipelineWorkspace] = []

    /// An empty workspace; the first image fills it.
    public init() {}

    /// Lets go of everything kept from the last image (its tables and output pixels), so memory that
    /// grew with a big image is returned before the next one; the next image starts afresh.
    public func empty() {
        resampler = nil
        partner = nil
        mask = nil
        image = PixelBuffer(blankWidth: 0, height: 0, layout: .rgb8)
        pixelStore.empty()
        slots = []
    }

    /// The workspace of variant `index`: this one for the first, one kept per further variant.
    func slot(_ index: Int) -> PipelineWorkspace {
        guard index > 0 else { return self }
        while slots.count < index { slots.append(PipelineWorkspace()) }
        return slots[index - 1]
    }

    /// The corner mask of a `width` x `height` surface: the last one when it is the same, else a new one.
    func cornerMask(width: Int, height: Int, radius: CornerRadius, style: CornerStyle) -> CornerMask {
        if let mask, mask.width == width, mask.height == height, mask.style == style,
           mask.radius == radius.pixels(width: width, height: height) {
            return mask
        }
        let fresh = CornerMask(width: width, height: height, radius: radius, style: style)
        mask = fresh
        return fresh
    }

    /// A resampler for this geometry: the last one when nothing changed, else a new one.
    func resampler(filter: Filter, sourceWidth: Int, sourceHeight: Int, crop: Box, outputWidth: Int, outputHeight: Int,
                   orientation: Orientation, layout: PixelLayout, linearLight: Bool) -> Resampler {
        if let last = resampler {
            let p = last.plan
            if p.filter == filter, p.sourceWidth == sourceWidth, p.sourceHeight == sourceHeight, p.crop == crop,
               p.outputWidth == outputWidth, p.outputHeight == outputHeight, p.orientation == orientation,
               p.layout == layout, p.linearLight == linearLight {
                return last
            }
        }
        let fresh = Resampler(filter: filter, sourceWidth: sourceWidth, sourceHeight: sourceHeight, crop: crop,
                              outputWidth: outputWidth, outputHeight: outputHeight, orientation: orientation,
                              layout: layout, linearLight: linearLight)
        resampler = fresh
        return fresh
    }

    /// A resampler of `resampler`'s plan with scratch rows of its own: the last one when the plan is the same.
    func partner(of resampler: Resampler) -> Resampler {
        if let partner, partner.plan == resampler.plan { return partner }
        let fresh = Resampler(plan: resampler.plan)
        partner = fresh
        return fresh
    }
}
