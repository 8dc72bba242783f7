/// How small the resampler's factor may get after shrink-on-load, per scale, for one filter and one
/// kind of scaled decode: the measured bound of `scripts/measure/measure-decode-scale.py` (tables in
/// `docs/decode-scale.md` for JPEG's DCT scaling, `docs/decode-scale-webp.md` for WebP's block means).
///
/// At these factors and above, q85 fits of photos decoded at 1/d lose at most 0.05 dB on average
/// (PSNR against the float64 fit of the full-resolution decode) next to the full decode, the margin
/// the q85 ceiling target leaves; below them they lose more. The scaled IDCT is a softer reduction than the filter (1/8 is the 8x8 block mean),
/// which the resampler's remaining factor has to dilute. Filters of one radius share a row (the
/// strictest of them); box and nearest drift by dB at every scale (their results depend on which
/// source pixels exist), so they always decode at full scale. Which scales a WebP's decode may take at
/// all (not 1/2: it costs more instructions than it saves) is `ShrinkOnLoad.offers`'s to say.
struct DecodeScaleBound: Sendable, Equatable {
    /// The minimum factor left on both axes after decoding at 1/2, 1/4, 1/8; a scale missing is never used.
    let minimumFactors: [Int: Double]

    /// The bound for a filter of `filterRadius` (3 Lanczos3; 2 Lanczos2, Mitchell, Catmull-Rom;
    /// 1 bilinear; 0.5 box and nearest) after `shrinkOnLoad`'s kind of scaled decode.
    init(filterRadius: Double, shrinkOnLoad: ShrinkOnLoad) {
        switch (shrinkOnLoad, filterRadius) {
        case (.none, _): minimumFactors = [:]
        case (.dct, 3...): minimumFactors = [2: 2, 4: 2.5, 8: 2.5]
        case (.dct, 2..<3): minimumFactors = [2: 2, 4: 2.5]   // over 0.05 dB at 1/8 up to f = 3
        case (.dct, 1..<2): minimumFactors = [2: 2.5, 4: 2.5, 8: 2.5]
        case (.blockMean(_), 3...): minimumFactors = [4: 2.5, 8: 2.5]
        case (.blockMean(_), 2..<3): minimumFactors = [4: 2.5]   // Mitchell, Catmull-Rom: over 0.05 dB at 1/8 up to f = 3
        case (.blockMean(_), 1..<2): minimumFactors = [4: 2.5, 8: 3]
        default: minimumFactors = [:]
        }
    }

    /// Whether decoding at 1/`scale` leaves the resampler at least the bound's factor on both axes.
    func allows(scale: Int, factorX: Double, factorY: Double) -> Bool {
        guard let minimum = minimumFactors[scale] else { return scale == 1 }
        return factorX >= minimum && factorY >= minimum
    }
}
