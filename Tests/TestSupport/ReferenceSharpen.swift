import Foundation

/// The unsharp mask of `--sharpen` in Double, written from its definition and not from the
/// library's code: a direct two-dimensional sum (not two passes) of Gaussian weights
/// exp(-(dx² + dy²) / 2σ²) over |dx|, |dy| ≤ ceil(3σ), normalised, the image's edge pixels repeated
/// beyond it; `out = round(clamp(in + amount * (in - blur)))` on each colour sample. With alpha the
/// blur weighs each pixel by its alpha and a fully transparent pixel is kept; alpha is never changed.
public enum ReferenceSharpen {
    /// `samples` (`height` rows of `width` pixels of `channels` interleaved samples, 0...`maximum`)
    /// sharpened; `hasAlpha` says the last channel is alpha.
    public static func apply(_ samples: [Int], width: Int, height: Int, channels: Int, hasAlpha: Bool,
                             maximum: Int, sigma: Double, amount: Double) -> [Int] {
        let radius = Int((3 * sigma).rounded(.up))
        var weights = [[Double]]()
        var total = 0.0
        for dy in -radius ... radius {
            weights.append((-radius ... radius).map { dx in exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma)) })
            total += weights.last!.reduce(0, +)
        }
        let colours = hasAlpha ? channels - 1 : channels
        var out = samples
        for y in 0 ..< height {
            for x in 0 ..< width {
                let pixel = (y * width + x) * channels
                if hasAlpha, samples[pixel + colours] == 0 { continue }
                var sums = [Double](repeating: 0, count: colours)
                var coverage = 0.0
                for dy in -radius ... radius {
                    let sy = min(max(y + dy, 0), height - 1)
                    for dx in -radius ... radius {
                        let sx = min(max(x + dx, 0), width - 1)
                        let neighbour = (sy * width + sx) * channels
                        let alpha = hasAlpha ? Double(samples[neighbour + colours]) / Double(maximum) : 1
                        let w = weights[dy + radius][dx + radius] / total
                        coverage += w * alpha
                        for c in 0 ..< colours { sums[c] += w * alpha * Double(samples[neighbour + c]) }
                    }
                }
                for c in 0 ..< colours {
                    let value = Double(samples[pixel + c])
                    let sharpened = value + amount * (value - sums[c] / coverage)
                    out[pixel + c] = Int(min(max(sharpened, 0), Double(maximum)).rounded())
                }
            }
        }
        return out
    }
}
