/// The encode of one output under a byte budget (`FitOptions.maxBytes`): the highest quality that
/// fits, found by encoding the same pixels again (nothing is decoded or resampled twice).
///
/// Lossy formats (JPEG, WebP, AVIF) search the quality between the floor (`FitOptions.minQuality`)
/// and the quality asked for (`QualitySearch`): an output that fits as asked costs one encode, one
/// that cannot fit two.
/// Lossless formats (PNG, lossless WebP) try the setting asked for and then their tightest
/// compression (PNG at libdeflate's level 12 with adaptive filters; lossless WebP quality 100, effort at least 4);
/// nothing is quantised, so an output still too large fails.
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
        /// How many encodes the search took.
        var encodes: Int
    }

    /// The largest-quality encode of `image` by `encoder` that fits; `.overBudget` when none does.
    /// `warnings` gets the chosen encode's metadata warnings.
    func run(_ encoder: OutputEncoder, image: PixelBuffer, tag: ColourTag, metadata: MetadataBlocks,
             warnings: inout [String]) throws(FitError) -> Chosen {
        var encodes = 0
        var tries: [Int: (bytes: [UInt8], warnings: [String])] = [:]
        func encoded(_ encoder: OutputEncoder, key: Int) throws(FitError) -> [UInt8] {
            if let done = tries[key] { return done.bytes }
            var found: [String] = []
            let bytes: [UInt8]
            do { bytes = try encoder.encode(image, tag: tag, metadata: metadata, warnings: &found) } catch { throw .image(error) }
            encodes += 1
            tries[key] = (bytes, found)
            return bytes
        }
        func chosen(_ key: Int, quality: Int?) -> Chosen {
            warnings += tries[key]!.warnings
            return Chosen(bytes: tries[key]!.bytes, quality: quality, encodes: encodes)
        }
        guard let ceiling = encoder.lossyQuality else {
            let settings = [encoder, encoder.tightestLossless]
            for (key, setting) in settings.enumerated() where key == 0 || setting != encoder {
                if try encoded(setting, key: key).count <= maxBytes { return chosen(key, quality: nil) }
            }
            let smallest = tries.values.map(\.bytes.count).min()!
            throw .overBudget(smallestBytes: smallest, maxBytes: maxBytes, atQuality: nil)
        }
        let quality = try QualitySearch(maxBytes: maxBytes, floor: minQuality, ceiling: ceiling).run { quality throws(FitError) in
            try encoded(quality == ceiling ? encoder : encoder.atQuality(quality), key: quality).count
        }
        return chosen(quality, quality: quality)
    }
}
