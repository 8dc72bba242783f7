#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An unsharp mask applied to the resampled picture (before bars and corners), on the sRGB-encoded
/// values: `out = clamp(in + amount * (in - gaussianBlur(in, sigma)))` on the colour channels; alpha is
/// left as it is, and colour is sharpened as stored (straight, not premultiplied).
///
/// `Codable` with defaults: keys left out decode to the default's.
public struct Sharpen: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The blur's standard deviation, in output pixels (0.1...10).
    public var sigma: Double
    /// How much of the detail the blur removes is added back (0...10; 0 leaves the picture as it is).
    public var amount: Double

    /// The default: a mild sharpen close to sharp's `sharpen()` without arguments (see docs/quality.md).
    public static let mild = Sharpen(uncheckedSigma: 0.8, amount: 0.5)
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

    /// What `apply` allocates for a `width` x `height` image of `channels` samples a pixel: the
    /// copy it writes and one float per sample of scratch.
    static func scratchBytes(width: Int, height: Int, channels: Int) -> Int {
        width * height * channels * (1 + MemoryLayout<Float>.size)
    }

    /// `image` sharpened: a horizontal blur into float scratch, then the vertical blur and the mask
    /// written back over the image's own colour samples (edges clamped).
    func apply(to image: PixelBuffer) -> PixelBuffer {
        guard amount > 0, image.width > 0, image.height > 0 else { return image }
        var image = image
        let (width, height, channels) = (image.width, image.height, image.layout.channels)
        let colours = image.layout.hasAlpha ? channels - 1 : channels
        let taps = kernel
        let radius = taps.count / 2
        let stride = image.bytesPerRow
        var across = [Float](repeating: 0, count: width * height * colours)
        let gain = Float(amount)
        image.bytes.withUnsafeMutableBufferPointer { bytes in
            across.withUnsafeMutableBufferPointer { across in
                for y in 0 ..< height {
                    let row = y * stride
                    for x in 0 ..< width {
                        for c in 0 ..< colours {
                            var sum: Float = 0
                            for (k, weight) in taps.enumerated() {
                                let sx = min(max(x + k - radius, 0), width - 1)
                                sum += weight * Float(bytes[row + sx * channels + c])
                            }
                            across[(y * width + x) * colours + c] = sum
                        }
                    }
                }
                for y in 0 ..< height {
                    for x in 0 ..< width {
                        for c in 0 ..< colours {
                            var blur: Float = 0
                            for (k, weight) in taps.enumerated() {
                                let sy = min(max(y + k - radius, 0), height - 1)
                                blur += weight * across[(sy * width + x) * colours + c]
                            }
                            let index = y * stride + x * channels + c
                            let value = Float(bytes[index])
                            let sharpened = (value + gain * (value - blur)).rounded()
                            bytes[index] = UInt8(min(max(sharpened, 0), 255))
                        }
                    }
                }
            }
        }
        return image
    }
}
