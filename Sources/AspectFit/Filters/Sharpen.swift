#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An unsharp mask applied to the resampled picture (before bars and corners), on the sRGB-encoded
/// values (gamma light): `out = round(clamp(in + amount * (in - gaussianBlur(in, sigma))))` on the
/// colour channels, the Gaussian's taps out to ceil(3 sigma) and the picture's edge pixels repeated
/// beyond it. Alpha is left as it is; with alpha the blur weighs each pixel by its alpha, so the
/// colour of transparent pixels cannot halo a visible edge. The same mask runs on 16-bit samples.
///
/// `Codable` with defaults: keys left out decode to the default's.
public struct Sharpen: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The blur's standard deviation, in output pixels (0.1...10).
    public var sigma: Double
    /// How much of the detail the blur removes is added back (0...10; 0 leaves the picture as it is).
    public var amount: Double

    /// The default: a mild sharpen close to sharp's `sharpen()` without arguments (see docs/quality.md).
    public static let mild = Sharpen(uncheckedSigma: 1, amount: 0.4)
    /// The sigmas accepted.
    public static let sigmaRange = 0.1 ... 10.0
    /// The amounts accepted.
    public static let amountRange = 0.0 ... 10.0

    /// A mask of `sigma` and `amount`; throws when either is out of its range.
    public init(sigma: Double = Sharpen.mild.sigma, amount: Double = Sharpen.mild.amount) throws(OptionError) {
        guard Self.sigmaRange.contains(sigma), Self.amountRange.contains(amount) else {
            throw .invalidSharpen("\(DecimalText.format(sigma, decimals: 3)),\(DecimalText.format(amount, decimals: 3))")
        }
        self.init(uncheckedSigma: sigma, amount: amount)
    }

    private init(uncheckedSigma sigma: Double, amount: Double) {
        self.sigma = sigma
        self.amount = amount
    }

    /// Parses "default", "SIGMA" or "SIGMA,AMOUNT" (plain decimals, e.g. "1", "1.0,0.8").
    public init(parsing text: String) throws(OptionError) {
        let trimmed = DecimalText.trimmed(text)
        if trimmed.lowercased() == "default" { self = .mild; return }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard (1 ... 2).contains(parts.count), let sigma = DecimalText.parse(DecimalText.trimmed(String(parts[0]))),
              let amount = parts.count == 2 ? DecimalText.parse(DecimalText.trimmed(String(parts[1]))) : Self.mild.amount,
              Self.sigmaRange.contains(sigma), Self.amountRange.contains(amount)
        else { throw .invalidSharpen(String(trimmed)) }
        self.init(uncheckedSigma: sigma, amount: amount)
    }

    private enum CodingKeys: String, CodingKey { case sigma, amount }

    /// Decodes the keys present (absent ones keep the default's); throws for values out of range.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let sigma = try c.decodeIfPresent(Double.self, forKey: .sigma) ?? Self.mild.sigma
        let amount = try c.decodeIfPresent(Double.self, forKey: .amount) ?? Self.mild.amount
        try self.init(sigma: sigma, amount: amount)
    }

    /// "SIGMA,AMOUNT", the form `init(parsing:)` reads.
    public var description: String {
        "\(DecimalText.format(sigma, decimals: 3)),\(DecimalText.format(amount, decimals: 3))"
    }

    /// The normalised Gaussian taps from -radius to radius, radius = ceil(3 sigma).
    var kernel: [Float] {
        let radius = Int((3 * sigma).rounded(.up))
        let weights = (-radius ... radius).map { x in exp(-Double(x * x) / (2 * sigma * sigma)) }
        let sum = weights.reduce(0, +)
        return weights.map { Float($0 / sum) }
    }

    /// What `apply` allocates for a `width` x `height` image of `channels` samples of `sampleBytes`
    /// each: the copy it writes and one float per sample of scratch.
    static func scratchBytes(width: Int, height: Int, channels: Int, sampleBytes: Int) -> Int {
        width * height * channels * (sampleBytes + MemoryLayout<Float>.size)
    }

    /// `image` sharpened (`mask(_:width:height:stride:channels:hasAlpha:)`).
    func apply(to image: PixelBuffer) -> PixelBuffer {
        var image = image
        let (width, height, stride, layout) = (image.width, image.height, image.bytesPerRow, image.layout)
        image.bytes.withUnsafeMutableBufferPointer { bytes in
            mask(bytes, width: width, height: height, stride: stride, channels: layout.channels, hasAlpha: layout.hasAlpha)
        }
        return image
    }

    /// The 16-bit route's `image` sharpened, the same mask on 0...65535 samples.
    func apply(to image: PixelBuffer16) -> PixelBuffer16 {
        var image = image
        let (width, height, layout) = (image.width, image.height, image.layout)
        image.samples.withUnsafeMutableBufferPointer { samples in
            mask(samples, width: width, height: height, stride: width * layout.channels, channels: layout.channels,
                 hasAlpha: layout.hasAlpha)
        }
        return image
    }

    /// The mask in place: a horizontal blur into float scratch, then the vertical blur and the mask
    /// written over the colour samples, edges clamped. With alpha the blur weighs each pixel by its
    /// alpha (the colour of transparent pixels is not seen, so it cannot halo the visible edge) and
    /// a fully transparent pixel is left as it is.
    private func mask<Sample: FixedWidthInteger & UnsignedInteger>(
        _ samples: UnsafeMutableBufferPointer<Sample>, width: Int, height: Int, stride: Int, channels: Int, hasAlpha: Bool
    ) {
        guard amount > 0, width > 0, height > 0 else { return }
        let colours = hasAlpha ? channels - 1 : channels
        // per pixel: each colour (times alpha), then with alpha the alpha itself
        let planes = hasAlpha ? colours + 1 : colours
        let taps = kernel
        let radius = taps.count / 2
        let gain = Float(amount)
        let top = Float(Sample.max)
        var across = [Float](repeating: 0, count: width * height * planes)
        across.withUnsafeMutableBufferPointer { across in
            var sums = [Float](repeating: 0, count: planes)
            for y in 0 ..< height {
                let row = y * stride
                for x in 0 ..< width {
                    for p in 0 ..< planes { sums[p] = 0 }
                    for (k, weight) in taps.enumerated() {
                        let pixel = row + min(max(x + k - radius, 0), width - 1) * channels
                        let alpha = hasAlpha ? Float(samples[pixel + colours]) : 1
                        for c in 0 ..< colours { sums[c] += weight * alpha * Float(samples[pixel + c]) }
                        if hasAlpha { sums[colours] += weight * alpha }
                    }
                    for p in 0 ..< planes { across[(y * width + x) * planes + p] = sums[p] }
                }
            }
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let pixel = y * stride + x * channels
                    if hasAlpha, samples[pixel + colours] == 0 { continue }
                    for p in 0 ..< planes { sums[p] = 0 }
                    for (k, weight) in taps.enumerated() {
                        let from = (min(max(y + k - radius, 0), height - 1) * width + x) * planes
                        for p in 0 ..< planes { sums[p] += weight * across[from + p] }
                    }
                    let coverage = hasAlpha ? sums[colours] : 1
                    for c in 0 ..< colours {
                        let value = Float(samples[pixel + c])
                        let sharpened = (value + gain * (value - sums[c] / coverage)).rounded()
                        samples[pixel + c] = Sample(min(max(sharpened, 0), top))
                    }
                }
            }
        }
    }
}
