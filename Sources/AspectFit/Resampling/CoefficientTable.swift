/// One stored axis's weights laid out for the inner loops: every output pixel reads a window of
/// exactly `taps` consecutive source pixels starting at `starts[i]` (relative to `sourceRange`).
///
/// Windows are padded with zero weights to a multiple of the loop's unroll and shifted to stay
/// inside the image, so inner loops never branch on edges.
struct CoefficientTable: Sendable, Equatable {
    /// Output pixels.
    let count: Int
    /// Window length shared by all output pixels.
    let taps: Int
    /// Source pixels any window touches; `starts` are relative to its lower bound.
    let sourceRange: Range<Int>
    /// Window start per output pixel, relative to `sourceRange.lowerBound`.
    let starts: [Int]
    /// `count * taps` weights, row-major by output pixel.
    let weights: [Int16]
    /// Weights regrouped for the interleaved-pixel SIMD loops: per output pixel and group of four
    /// taps, the 16-bit pairs (w0, w2) and (w1, w3) packed into Int32s for `pmaddwd`.
    let pairs: [Int32]

    /// Lays out `axis` (optionally mirrored: output and source indices both reversed) with windows
    /// padded to a multiple of `tapMultiple`.
    init(_ axis: AxisWeights, mirrored: Bool, tapMultiple: Int) {
        let n = axis.firsts.count
        let size = axis.sourceSize
        let longest = axis.weights.map(\.count).max() ?? 1
        let taps = min((longest + tapMultiple - 1) / tapMultiple * tapMultiple, size)
        var starts = [Int](repeating: 0, count: n)
        var weights = [Int16](repeating: 0, count: n * taps)
        for i in 0 ..< n {
            let w = axis.weights[i]
            // In mirrored order, source pixel k becomes size-1-k and the weights run backwards.
            let first = mirrored ? size - axis.firsts[i] - w.count : axis.firsts[i]
            let out = mirrored ? n - 1 - i : i
            let start = max(0, min(first, size - taps))
            starts[out] = start
            for (t, weight) in w.enumerated() {
                let slot = (first - start) + (mirrored ? w.count - 1 - t : t)
                weights[out * taps + slot] = weight
            }
        }
        let lower = starts.min() ?? 0
        let upper = (starts.max() ?? 0) + taps
        self.count = n
        self.taps = taps
        self.sourceRange = lower ..< upper
        self.starts = starts.map { $0 - lower }
        self.weights = weights
        let groups = taps / 4
        var pairs = [Int32](repeating: 0, count: n * groups * 2)
        for i in 0 ..< n {
            for g in 0 ..< groups {
                let w = i * taps + g * 4
                pairs[(i * groups + g) * 2] = CoefficientTable.pair(weights[w], weights[w + 2])
                pairs[(i * groups + g) * 2 + 1] = CoefficientTable.pair(weights[w + 1], weights[w + 3])
            }
        }
        self.pairs = pairs
    }

    /// The one source pixel of each output pixel (relative to `sourceRange`), if every output pixel
    /// has a single non-zero weight.
    var selection: [Int]? {
        var picked = [Int]()
        picked.reserveCapacity(count)
        for i in 0 ..< count {
            let w = weights[i * taps ..< (i + 1) * taps]
            guard let t = w.firstIndex(where: { $0 != 0 }), w[t] == AxisWeights.one else { return nil }
            picked.append(starts[i] + t - i * taps)
        }
        return picked
    }

    /// Two Int16 weights in one Int32, `low` in the low half, as `pmaddwd` pairs them.
    static func pair(_ low: Int16, _ high: Int16) -> Int32 {
        Int32(bitPattern: UInt32(UInt16(bitPattern: low)) | UInt32(UInt16(bitPattern: high)) << 16)
    }
}
