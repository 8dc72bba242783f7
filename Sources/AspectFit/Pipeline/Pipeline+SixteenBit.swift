/// The 16-bit route (PNG output of `FitPlan.outputBitDepth` 16): decode to 16-bit samples, resample
/// with `WideResampler`, sharpen, letterbox and corners on 16-bit pixels, write a 16-bit PNG.
extension Pipeline {
    /// Decodes the plan's region whole (the whole frame when the window is chosen from the pixels,
    /// on an 8-bit copy), resamples it wide and finishes the output. Memory: the region in 16-bit and
    /// Float32 samples, the output's rows filtered along x (`MemoryEstimate`).
    func runSixteenBit(_ data: UnsafeRawBufferPointer, plan: FitPlan, clock: Stopwatch,
                       cancellation: CancellationFlag?) throws(FitError) -> FitResult {
        var clock = clock
        var plan = plan
        let choosing = plan.windowChoice?.isChosen == false
        let decode = options.decodeOptions(scaleDenominator: plan.geometry.decodeScale, region: choosing ? nil : plan.geometry.decodeRegion)
        if cancellation?.isCancelled == true { throw .cancelled }
        let decoded: (pixels: PixelBuffer16, region: PixelRect, warnings: [String])
        do { decoded = try ImageFile.decodeSixteenBit(data, options: decode) } catch { throw .image(error) }
        if cancellation?.isCancelled == true { throw .cancelled }
        var source = decoded.pixels
        var region = decoded.region
        if choosing {
            plan = try choosingWindow(from: source.narrowed, plan: plan, threads: 1)
            source = Self.cut(plan.geometry.decodeRegion, from: source)
            region = plan.geometry.decodeRegion
        }
        plan.repeatsChroma = decode.repeatsChroma(decoding: plan.source.format)
        let g = plan.geometry
        var image = WideResampler(filter: options.filter, crop: g.scaledCrop(within: region), outputWidth: g.outputWidth, outputHeight: g.outputHeight,
                                  orientation: g.orientation, linearLight: options.linearLight).resample(source)
        if let sharpen = options.sharpen { image = sharpen.apply(to: image) }
        clock.lap("decode+resample")
        // Bars and corners are cut into alpha, then the background (if any) goes under everything.
        let fills = plan.letterbox != nil || plan.cutsCorners
        if fills { image = image.addingOpaqueAlpha() }
        if plan.roundsPicture { plan.corners?.apply(to: &image) }
        if let letterbox = plan.letterbox { image = letterbox.placeOnTransparency(image) }
        if !plan.roundsPicture { plan.corners?.apply(to: &image) }
        if let background = options.background, background.a > 0 { image = image.underlaid(with: background) }
        if !plan.outputLayout.hasAlpha { image = image.droppingAlpha() }
        clock.lap("corners")
        if cancellation?.isCancelled == true { throw .cancelled }
        var (warnings, tag, metadata) = outputMetadata(plan: plan, decodeWarnings: decoded.warnings)
        if options.toSRGB && plan.source.format == .png && plan.source.bitDepth == 16 {
            warnings.append("--to-srgb reads this 16-bit PNG at 8 bits: the 16-bit output holds 8-bit precision")
        }
        let bytes: [UInt8]
        do {
            bytes = try ImageEncoder.encodePNG(image, options: options.png, iccProfile: tag.pngProfile, exif: metadata.exif,
                                               xmp: metadata.xmp, iptc: metadata.iptc, markedSRGB: tag == .sRGB, warnings: &warnings)
        } catch { throw .image(error) }
        clock.lap("encode")
        if let maxBytes = options.maxBytes, bytes.count > maxBytes {
            throw .overBudget(smallestBytes: bytes.count, maxBytes: maxBytes, atQuality: nil)
        }
        return FitResult(bytes: bytes, plan: plan, warnings: warnings, timings: clock.laps)
    }

    /// The pixels of `rect` (inside `image`'s bounds) as an image of their own.
    private static func cut(_ rect: PixelRect, from image: PixelBuffer16) -> PixelBuffer16 {
        let channels = image.layout.channels
        var samples = [UInt16]()
        samples.reserveCapacity(rect.width * rect.height * channels)
        for y in rect.y ..< rect.maxY {
            let start = (y * image.width + rect.x) * channels
            samples += image.samples[start ..< start + rect.width * channels]
        }
        return PixelBuffer16(width: rect.width, height: rect.height, layout: image.layout, samples: samples)
    }
}
