import Foundation
import AspectFit

/// The filters' kernels and reaches written from their published definitions, for the float64
/// reference; deliberately not the library's `Filter.kernel` / `Filter.radius`.
///
/// Lanczos-a: sinc(x) sinc(x / a) for |x| < a (Duchon 1979). Cubics: Mitchell & Netravali,
/// "Reconstruction Filters in Computer Graphics" (SIGGRAPH 1988), eq. 8, with (B, C) = (1/3, 1/3)
/// for Mitchell and (0, 1/2) for Catmull-Rom. Box covers [-1/2, 1/2), nearest (-1/2, 1/2]: the
/// library's documented tie rule, so a centre on a pixel edge picks one pixel.
public enum ReferenceKernels {
    /// A kernel as the reference uses it: its values, its reach at scale 1, and whether it widens
    /// by the scale factor when downscaling (all but nearest).
    public struct Kernel: Sendable {
        public var support: Double
        public var stretches = true
        public var value: @Sendable (Double) -> Double

        public init(support: Double, stretches: Bool = true, value: @escaping @Sendable (Double) -> Double) {
            self.support = support
            self.stretches = stretches
            self.value = value
        }

        public init(_ filter: Filter) {
            self.init(support: ReferenceKernels.support(filter), stretches: filter != .nearest) { ReferenceKernels.value(filter, $0) }
        }
    }

    public static func support(_ filter: Filter) -> Double {
        switch filter {
        case .lanczos3: 3
        case .lanczos2, .mitchell, .catmullRom: 2
        case .bilinear: 1
        case .box, .nearest: 0.5
        }
    }

    public static func value(_ filter: Filter, _ x: Double) -> Double {
        switch filter {
        case .lanczos3: lanczos(x, a: 3)
        case .lanczos2: lanczos(x, a: 2)
        case .mitchell: mitchellNetravali(x, b: 1 / 3, c: 1 / 3)
        case .catmullRom: mitchellNetravali(x, b: 0, c: 1 / 2)
        case .bilinear: abs(x) < 1 ? 1 - abs(x) : 0
        case .box: -0.5 <= x && x < 0.5 ? 1 : 0
        case .nearest: -0.5 < x && x <= 0.5 ? 1 : 0
        }
    }

    public static func lanczos(_ x: Double, a: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < a else { return 0 }
        return a * sin(Double.pi * x) * sin(Double.pi * x / a) / (Double.pi * Double.pi * x * x)
    }

    /// k(x) = 1/6 × { (12 − 9B − 6C)|x|³ + (−18 + 12B + 6C)|x|² + (6 − 2B)            |x| < 1
    ///               { (−B − 6C)|x|³ + (6B + 30C)|x|² + (−12B − 48C)|x| + (8B + 24C)   1 ≤ |x| < 2
    public static func mitchellNetravali(_ x: Double, b: Double, c: Double) -> Double {
        let t = abs(x)
        if t < 1 { return ((12 - 9 * b - 6 * c) * t * t * t + (-18 + 12 * b + 6 * c) * t * t + (6 - 2 * b)) / 6 }
        if t < 2 { return ((-b - 6 * c) * t * t * t + (6 * b + 30 * c) * t * t + (-12 * b - 48 * c) * t + (8 * b + 24 * c)) / 6 }
        return 0
    }

    /// IEC 61966-2-1 sRGB transfer: encoded value (0...1) to linear light.
    public static func srgbToLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// IEC 61966-2-1 sRGB inverse transfer: linear light (0...1) to encoded value.
    public static func linearToSRGB(_ v: Double) -> Double {
        v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
}
