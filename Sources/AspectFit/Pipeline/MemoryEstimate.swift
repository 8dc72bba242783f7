#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An upper bound on the memory a fit takes while it runs, from its plans alone (nothing decoded),
/// so a caller can check it before any of it is taken: the input bytes, the decoder's state and row
/// buffers (a progressive JPEG's coefficients, an interlaced PNG's image, a smart crop's frame),
/// and for each output its resampler, its pixels with the copies corners, letterbox and encoding
/// make, and the encoded file.
///
/// The bound is checked against measured peak memory for every route by the tests.
public struct MemoryEstimate: Sendable, Equatable {
    /// Bytes, in all.
    public var bytes: Int

    /// Whether `bytes` can be allocated now (an address-space limit such as `ulimit -v`, or more than
    /// the machine can commit, makes the trial allocation fail): checked before a fit takes any of it.
    public var isAvailable: Bool {
        guard let trial = malloc(bytes) else { return false }
        free(trial)
        return true
    }

    /// Memory for the input and the decoders, allocator slack and the codecs' fixed state.
    private static let fixedCost = 4 << 20

    /// The fit of `inputBytes` bytes of input whose outputs are planned as `plans` (with the
    /// options of the pipeline each comes from); the plans that share a decode (`VariantSet`) count
    /// it once, as `sharedDecode`; one that decodes alone counts its own.
    init(inputBytes: Int, plans: [(plan: FitPlan, options: FitOptions)], sharedDecode: FitPlan?) {
        var total = inputBytes + Self.fixedCost
        if let sharedDecode { total += Self.decodeBytes(sharedDecode) }
        for (plan, options) in plans {
            if plan.decodesAlone { total += Self.decodeBytes(plan) }
            total += Self.outputBytes(plan, options: options)
        }
        bytes = total
    }

    /// What decoding `plan`'s source at its scale and region holds at once.
    static func decodeBytes(_ plan: FitPlan) -> Int {
        let info = plan.source
        let g = plan.geometry
        let scale = g.decodeScale
        let (width, height) = (info.width, info.height)
        let scaledWidth = (width + scale - 1) / scale
        let channels = plan.source.decodedLayout.channels
        let rows = g.decodeRegion.width * max(channels, 4) * 16
        var decoder: Int
        switch info.format {
        case .jpeg:
            // sample rows (upsampling, colour conversion) across the scaled width; a progressive
            // file's coefficients for the whole image, 2 bytes a sample, every component at full size
            decoder = scaledWidth * max(info.channels, 1) * 64
            if info.isProgressive { decoder += width * height * max(info.channels, 1) * 2 }
        case .png:
            let rowBytes = width * max(info.channels, 1) * max(info.bitDepth / 8, 1)
            decoder = rowBytes * 4 + (1 << 20)
            if info.isProgressive { decoder += rowBytes * height }
        case .webp, .gif:
            // the whole frame decoded at once (libwebp's RGBA, or GIF's canvas and its indices)
            decoder = width * height * 4 * 2
        case .avif, .heic:
            // the whole image: the codec's YUV planes (up to 16 bits a sample) and their RGB(A) conversion, copied once
            decoder = width * height * (3 * 2 + 4 * 2) + (1 << 22)
            // a sequence read frame by frame: the AV1 decoder's reference frames too (AV1 keeps up to eight)
            if plan.readsFrames { decoder += width * height * 3 * 2 * 8 }
        }
        if plan.windowChoice?.isChosen == false {
            // the whole frame is decoded into one buffer, then analysed at a reduced size
            decoder += 2 * scaledWidth * ((height + scale - 1) / scale) * max(channels, 4)
            // a JPEG's block means, recorded by the decode and read alone beside it: each time the
            // components' planes and their image
            if info.format == .jpeg { decoder += 4 * BlockMeans.capacity(width: width, height: height) }
        }
        if plan.trims {
            // the whole frame at full scale; a smart crop also analyses a copy of the trimmed box (counted
            // above when the window is to be chosen: a trim can leave one to choose where the plan had none)
            let frame = width * height * max(channels, 4)
            decoder += plan.windowChoice.map { $0.isChosen ? 3 * frame : frame } ?? frame
        }
        if plan.outputBitDepth == 16 {
            // the region (the whole frame when a window is chosen: then also its 8-bit copy and the
            // cut window) in 16-bit samples, and its Float32 upright copy (WideResampler)
            let choosing = plan.windowChoice?.isChosen == false
            let region = choosing ? scaledWidth * ((height + scale - 1) / scale) : g.decodeRegion.width * g.decodeRegion.height
            decoder += region * channels * (choosing ? 2 + 1 + 2 + 4 : 2 + 4)
        }
        return decoder + rows
    }

    /// What one output holds beyond the decode: the resampler's rows and tables, its pixels and the
    /// copy letterbox, corners or flattening make (a sharpen its copy and float scratch), and the
    /// encoder's buffers with the encoded file and its copy (a JPEG's size bounded by what noise
    /// takes at its quality and chroma).
    static func outputBytes(_ plan: FitPlan, options: FitOptions) -> Int {
        let g = plan.geometry
        let box = plan.outputWidth * plan.outputHeight
        let channels = plan.outputLayout.channels
        let sampleBytes = plan.outputBitDepth / 8
        let resampledChannels = max(plan.source.decodedLayout.channels, channels)
        var resampled = g.outputWidth * g.outputHeight * resampledChannels * sampleBytes
        if sampleBytes == 2 {
            // WideResampler's Float32 rows filtered along x: the output width by the region's upright height
            resampled += max(g.outputWidth, g.outputHeight) * max(g.decodeRegion.width, g.decodeRegion.height) * channels * 4
        }
        let copied = plan.letterbox != nil || plan.outputLayout != plan.source.decodedLayout ? box * channels * sampleBytes : 0
        let raw = box * channels * sampleBytes
        let encoding: Int
        switch plan.outputFormat {
        case .png:
            // filtered rows, libdeflate's output bound, the result's copy; a palette (asked, or a
            // budget's last resort) adds an RGBA copy, the indices and the quantizer's tables
            let quantizing = options.png.palette != nil || options.maxBytes != nil
            encoding = 3 * (raw + plan.outputHeight) + (1 << 16) + (quantizing ? 5 * box + (4 << 20) : 0)
        case .jpeg:
            let q = options.jpeg.quality
            let full = options.jpeg.resolvedChroma == .full444 || plan.outputLayout.channels == 1
            let perSample = (q <= 85 ? 0.6 : q <= 95 ? 0.9 : 1.5) / (full ? 1 : 2)
            // the trellis encoder's YCbCr planes (1 byte a component sample), coefficients (2) and
            // per-block choices and scratch (under 1), over blocks padded to whole MCUs
            let samples = plan.outputLayout.channels == 1 ? box : full ? 3 * box : box + box / 2
            let trellisBytes = 4 * (samples + 16 * (plan.outputWidth + plan.outputHeight + 16))
            // the encoder's buffer grows by doubling: up to twice the file, then the result's copy
            encoding = 3 * (Int(Double(raw) * perSample) + (1 << 16)) + (options.jpeg.encoder == .trellis ? trellisBytes : 0)
        case .webp:
            // libwebp's ARGB picture and YUVA planes, the coder's tokens, the file and its copy
            encoding = 4 * box * 3 + (1 << 20)
        case .gif:
            // the frame's indices, the last frame, the changed rectangle's copy with its unchanged
            // pixels marked, and the quantizer's histogram and cache
            encoding = 9 * box + (2 << 20)
        case .avif, .heic:
            // libavif's YUV planes and aom's frame buffers and look-ahead (several frames' worth); a
            // sequence: libaom's reference frames, and below speed 7 (its good-quality mode) its
            // look-ahead of whole frames (measured with libaom 3.6, 320 to 1280 pixels wide)
            encoding = !plan.animates ? 16 * box + (16 << 20)
                : options.avif.speed >= 7 ? 80 * box + (12 << 20) : 360 * box + (48 << 20)
        }
        let scaleX = max(1, g.scaledCrop.width / Double(max(g.outputWidth, 1)))
        let scaleY = max(1, g.scaledCrop.height / Double(max(g.outputHeight, 1)))
        let taps = Int((2 * options.filter.radius * max(scaleX, scaleY)).rounded(.up)) + 4
        let rowWidth = max(g.decodeRegion.width, g.outputWidth, g.outputHeight) + 16
        // A lone image resamples a whole frame in two bands (`PipelineWorkspace.threadsPerImage`): a
        // second resampler's rows, the tables shared. Counted for every output, as the plan does not
        // know the threads a fit will have.
        let rows = (taps + 2) * rowWidth * 4 * 2 + rowWidth * 4 * 12
        let resampler = 2 * rows + (g.outputWidth + g.outputHeight) * taps * 16
        let sharpened = options.sharpen == nil ? 0
            : Sharpen.scratchBytes(width: g.outputWidth, height: g.outputHeight, channels: resampledChannels,
                                   sampleBytes: sampleBytes)
        return resampler + resampled + copied + sharpened + encoding
    }
}

extension VariantSet {
    /// The memory fitting every variant of an input of `inputBytes` bytes whose header says
    /// `info` takes at most, as `run` shares its decode; the plans that fail count nothing.
    public func estimatedMemory(for info: ImageInfo, inputBytes: Int) -> MemoryEstimate {
        estimatedMemory(of: plans(for: info), inputBytes: inputBytes)
    }

    /// The memory of fitting an input of `inputBytes` bytes as `plans` (one per variant, in order) say.
    func estimatedMemory(of plans: [Result<FitPlan, FitError>], inputBytes: Int) -> MemoryEstimate {
        let plans = zip(plans, pipelines).compactMap { result, pipeline in
            (try? result.get()).map { (plan: $0, options: pipeline.options) }
        }
        let shared = plans.map(\.plan).filter { !$0.decodesAlone }
        let finest = shared.min { $0.geometry.decodeScale < $1.geometry.decodeScale }
        return MemoryEstimate(inputBytes: inputBytes, plans: plans, sharedDecode: finest.map { widest(of: shared, scale: $0) })
    }

    /// The shared decode's plan: the finest scale, with the union of the regions its members read.
    private func widest(of plans: [FitPlan], scale finest: FitPlan) -> FitPlan {
        var decode = finest
        let regions = plans.map(\.geometry.decodeRegion)
        let x = regions.map(\.x).min()!, y = regions.map(\.y).min()!
        decode.geometry.decodeRegion = PixelRect(x: x, y: y, width: regions.map(\.maxX).max()! - x,
                                                 height: regions.map(\.maxY).max()! - y)
        return decode
    }
}

extension Pipeline {
    /// The memory fitting an input of `inputBytes` bytes whose header says `info` takes at most.
    public func estimatedMemory(for info: ImageInfo, inputBytes: Int) -> MemoryEstimate {
        VariantSet([self]).estimatedMemory(for: info, inputBytes: inputBytes)
    }
}
