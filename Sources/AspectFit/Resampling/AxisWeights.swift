/// The fixed-point weights of one upright axis, straight from the geometry: output pixel `i` has
/// its centre at `offset + (i + 0.5) * length / count` and sees the source pixels around it.
///
/// Weights have `fractionBits` fractional bits and sum exactly to `one` for every output pixel.
struct AxisWeights: Sendable, Equatable {
    static let fractionBits = 14
    static let one = 1 << fractionBits

    /// Source pixels along the axis.
    let sourceSize: Int
    /// First source pixel with a non-zero weight, per output pixel.
    let firsts: [Int]
    /// Non-zero-trimmed weights, per output pixel.
    let weights: [[Int16]]

    /// Weights for `count` output pixels covering `[offset, offset + length)` of a `sourceSize` axis.
    init(filter: Filter, sourceSize: Int, offset: Double, length: Double, count: Int) {
        self.sourceSize = sourceSize
        var firsts = [Int]()
        var weights = [[Int16]]()
        firsts.reserveCapacity(count)
        weights.reserveCapacity(count)
        AxisWeights.windows(filter: filter, sourceSize: sourceSize, offset: offset, length: length, count: count) { lo, real, sum in
            let (first, quantised) = AxisWeights.quantise(real, sum: sum)
            firsts.append(lo + first)
            weights.append(quantised)
        }
        self.firsts = firsts
        self.weights = weights
    }

    /// The filter's window of each output pixel in turn, before any rounding: `body` gets its first
    /// source pixel, the kernel's values from there and their sum. A window holding no image pixel
    /// falls back to the nearest one (a single weight 1).
    static func windows(filter: Filter, sourceSize: Int, offset: Double, length: Double, count: Int,
                        _ body: (_ first: Int, _ real: [Double], _ sum: Double) -> Void) {
        precondition(sourceSize > 0 && count > 0 && length > 0, "empty resampling axis")
        let factor = length / Double(count)
        let stretch = filter.stretchesWhenDownscaling ? max(factor, 1) : 1
        let support = filter.radius * stretch
        var real = [Double]()
        for i in 0 ..< count {
            let centre = offset + (Double(i) + 0.5) * factor
            let lo = max(Int((centre - support).rounded(.down)), 0)
            let hi = min(Int((centre + support).rounded(.up)), sourceSize - 1)
            real.removeAll(keepingCapacity: true)
            var sum = 0.0
            if lo <= hi {
                for k in lo ... hi {
                    let w = filter.kernel((Double(k) + 0.5 - centre) / stretch)
                    real.append(w)
                    sum += w
                }
            }
            if sum == 0 {
                // The support holds no image pixel: fall back to the nearest one.
                body(min(max(Int(centre.rounded(.down)), 0), sourceSize - 1), [1], 1)
                continue
            }
            body(lo, real, sum)
        }
    }

    /// Rounds normalised weights to fixed point, makes them sum to `one` by adjusting the largest,
    /// and trims zero weights from both ends; returns the index of the first kept weight.
    static func quantise(_ real: [Double], sum: Double) -> (first: Int, weights: [Int16]) {
        var q = real.map { Int(($0 / sum * Double(one)).rounded()) }
        var largest = 0
        for k in q.indices where q[k] > q[largest] { largest = k }
        q[largest] += one - q.reduce(0, +)
        let first = q.firstIndex(where: { $0 != 0 }) ?? largest
        let last = q.lastIndex(where: { $0 != 0 }) ?? largest
        return (first, q[first ... last].map { Int16($0) })
    }

    /// The most taps any output pixel uses.
    var longestWindow: Int { weights.map(\.count).max() ?? 1 }

    /// How many source pixels the output uses, from the first to the last.
    var span: Int {
        zip(firsts, weights).map { $0 + $1.count }.max()! - firsts.min()!
    }
}
