/// The encode of one output under a byte budget (`FitOptions.maxBytes`): the highest quality that
/// fits, found by encoding the same pixels again (nothing is decoded or resampled twice).
///
/// Lossy formats (JPEG, WebP, AVIF) search the quality between the floor (`FitOptions.minQuality`)
/// and the quality asked for (`QualitySearch`): an output that fits as asked costs one encode, one
/// that cannot fit two.
/// Lossless formats (PNG, lossless WebP) try the setting asked for and then their tightest
/// compression (PNG at libdeflate's level 12 with adaptive filters; lossless WebP quality 100, effort at least 4).
/// A PNG still too large is then quantised: the same search over the palette size, from the palette
/// asked for (or 256 colours) down to the floor `PNGEncodeOptions.paletteColours(forQuality:)` of
/// `minQuality`, at level 12. Lossless WebP still too large fails.
struct BudgetedEncode {
    /// The most bytes the output may take.
    var maxBytes: Int
    /// The lowest lossy quality tried.
    var minQuality: Int

    /// What the search chose.
    struct Chosen {
        var bytes: [UInt8]
        /// The lossy quality encoded at; nil for a lossless output.
        var quality: Int?
        /// The palette size limit of an indexed PNG; nil for any other output.
        var paletteColours: Int?
        /// How many encodes the search took.
        var encodes: Int
    }

    /// The largest-quality encode of `image` by `encoder` that fits; `.overBudget` when none does.
    /// `warnings` gets the chosen encode's metadata warnings.
    func run(_ encoder: OutputEncoder, image: PixelBuffer, tag: ColourTag, metadata: MetadataBlocks,
             warnings: inout [String]) throws(FitError) -> Chosen {
        var tries: [(encoder: OutputEncoder, bytes: [UInt8], warnings: [String])] = []
        func size(_ setting: OutputEncoder) throws(FitError) -> Int {
            if let done = tries.first(where: { $0.encoder == setting }) { return done.bytes.count }
            var found: [String] = []
            let bytes: [UInt8]
            do { bytes = try setting.encode(image, tag: tag, metadata: metadata, warnings: &found) } catch { throw .image(error) }
            tries.append((setting, bytes, found))
            return bytes.count
        }
        func chosen(_ setting: OutputEncoder) -> Chosen {
            let done = tries.first { $0.encoder == setting }!
            warnings += done.warnings
            return Chosen(bytes: done.bytes, quality: setting.lossyQuality, paletteColours: setting.paletteColours,
                          encodes: tries.count)
        }
        guard let ceiling = encoder.lossyQuality else {
            for setting in [encoder, encoder.tightestLossless] {
                if try size(setting) <= maxBytes { return chosen(setting) }
            }
            guard case .png(let asked) = encoder else {
                throw .overBudget(smallestBytes: tries.map(\.bytes.count).min()!, maxBytes: maxBytes, atQuality: nil)
            }
            let tight = encoder.tightestLossless
            let most = asked.palette ?? 256
            let fewest = PNGEncodeOptions.paletteColours(forQuality: minQuality)
            let colours: Int
            do {
                colours = try QualitySearch(maxBytes: maxBytes, floor: fewest, ceiling: most).run { colours throws(FitError) in
                    try size(tight.withPalette(colours))
                }
            } catch .overBudget {
                throw .overBudget(smallestBytes: tries.map(\.bytes.count).min()!, maxBytes: maxBytes, atQuality: minQuality,
                                  paletteColours: min(fewest, most))
            }
            return chosen(tight.withPalette(colours))
        }
        let quality = try QualitySearch(maxBytes: maxBytes, floor: minQuality, ceiling: ceiling).run { quality throws(FitError) in
            try size(encoder.atQuality(quality))
        }
        return chosen(encoder.atQuality(quality))
    }
}
