/// The encode of one output under a byte budget (`FitOptions.maxBytes`): the highest quality that
/// fits, found by encoding the same pixels again (nothing is decoded or resampled twice).
///
/// Lossy formats (JPEG, WebP, AVIF) search the quality between the floor (`FitOptions.minQuality`)
/// and the quality asked for, which is tried first: a budget only ever lowers the quality, and an
/// output that fits as asked costs one encode, one that cannot fit two (the floor is tried next).
/// Then the search keeps a quality that fits below one that does not, so the quality chosen is
/// always one below a quality encoded and found too large.
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
        let floor = min(minQuality, ceiling)
        if try encoded(encoder, key: ceiling).count <= maxBytes { return chosen(ceiling, quality: ceiling) }
        guard try encoded(encoder.atQuality(floor), key: floor).count <= maxBytes else {
            throw .overBudget(smallestBytes: tries[floor]!.bytes.count, maxBytes: maxBytes, atQuality: floor)
        }
        // `low` fits, `high` is too large. The next quality is interpolated on their sizes (one
        // above the estimate: sizes grow faster than linearly near the top), the midpoint after an
        // interpolation that did not halve the interval.
        var (low, high) = (floor, ceiling)
        var bisect = false
        while high - low > 1 {
            var middle = (low + high) / 2
            if !bisect {
                let (small, large) = (tries[low]!.bytes.count, tries[high]!.bytes.count)
                let step = Double(high - low) * Double(maxBytes - small) / Double(large - small)
                middle = min(high - 1, low + 1 + Int(step))
            }
            let width = high - low
            if try encoded(encoder.atQuality(middle), key: middle).count <= maxBytes { low = middle } else { high = middle }
            bisect = !bisect && (high - low) * 2 > width
        }
        return chosen(low, quality: low)
    }
}
