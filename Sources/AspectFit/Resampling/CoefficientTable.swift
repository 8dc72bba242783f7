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
    /// Weights regrouped for the interleaved-pixel SIMD loops, ready to load as `pmaddwd` operands:
    /// per output pixel and group of four taps, `lanePattern(channels:).count` Int32 lanes, each a
    /// pair of 16-bit weights in the order `rk_horizontal_sse2` interleaves that layout's samples.
    /// RGB and RGBA take output pixels in pairs, i and i+1: per group, the first four lanes of
    /// both, then the last four of both, so one 256-bit load serves the two pixels (a lone last
    /// pixel: each group's eight lanes in turn).
    let lanes: [Int32]
    /// Adjacent weights (w0, w1), (w2, w3)... packed as `pmaddwd` pairs, `taps / 2` per output
    /// pixel, for the vertical loop (which pairs row t with row t+1).
    let pairs: [Int32]

    /// Lays out `axis` (optionally mirrored: output and source indices both reversed) with windows
    /// padded to a multiple of `tapMultiple`, and SIMD lanes for pixels of `channels` samples.
    init(_ axis: AxisWeights, mirrored: Bool, tapMultiple: Int, channels: Int) {
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
        let pattern = CoefficientTable.lanePattern(channels: channels)
        let groups = taps / 4
        var lanes = [Int32]()
        lanes.reserveCapacity(n * groups * pattern.count)
        // Appends lanes `range` of output pixel i's group g.
        func append(_ i: Int, _ g: Int, _ range: Range<Int>) {
            let w = i * taps + g * 4
            for pair in pattern[range] { lanes.append(pair.map { CoefficientTable.pair(weights[w + $0.0], weights[w + $0.1]) } ?? 0) }
        }
        // RGB and RGBA take output pixels in pairs: per group, the first four lanes (128 bits) of
        // both pixels, then the last four of both; a lone last pixel's groups keep their eight.
        let paired = pattern.count == 8
        var i = 0
        while i < n {
            let pair = paired && i + 1 < n
            for g in 0 ..< groups {
                guard pair else { append(i, g, pattern.indices); continue }
                for half in [0 ..< 4, 4 ..< 8] {
                    append(i, g, half)
                    append(i + 1, g, half)
                }
            }
            i += pair ? 2 : 1
        }
        self.lanes = lanes
        self.pairs = (0 ..< n * (taps / 2)).map { p in
            let i = p / (taps / 2), t = (p % (taps / 2)) * 2
            return CoefficientTable.pair(weights[i * taps + t], weights[i * taps + t + 1])
        }
    }

    /// Which taps (of a group of four) each `pmaddwd` lane pairs, per channel count; nil is zero.
    /// RGB and RGBA interleave pixels k, k+1 with k+2, k+3 (see CResampleKernels/SSE2/horizontal_sse2.c).
    static func lanePattern(channels: Int) -> [(Int, Int)?] {
        let even = (0, 2), odd = (1, 3)
        switch channels {
        case 1: return []
        case 2: return [even, even, odd, odd]
        case 3: return [even, even, even, odd, odd, odd, nil, nil]
        default: return [even, even, even, even, odd, odd, odd, odd]
        }
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
