#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A separable reconstruction filter: a symmetric kernel with a finite support radius.
///
/// When downscaling, the kernel is stretched by the scale factor (antialiasing), except `nearest`.
public enum Filter: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Windowed sinc with 3 lobes: the sharpest, the default (as libvips and sharp).
    case lanczos3
    /// Windowed sinc with 2 lobes: a little softer, less ringing.
    case lanczos2
    /// Mitchell-Netravali cubic (B = C = 1/3): soft, almost no ringing.
    case mitchell
    /// Catmull-Rom cubic (B = 0, C = 1/2): sharp, little ringing.
    case catmullRom = "catmull-rom"
    /// Triangle (tent): averages, blurs a little.
    case bilinear
    /// Box: the area average of the source pixels under each output pixel.
    case box
    /// The source pixel under each output pixel centre: no filtering at all.
    case nearest

    public var description: String { rawValue }

    /// Half-width of the kernel's non-zero region, in source pixels at scale 1.
    public var radius: Double {
        switch self {
        case .lanczos3: 3
        case .lanczos2, .mitchell, .catmullRom: 2
        case .bilinear: 1
        case .box, .nearest: 0.5
        }
    }

    /// Whether the kernel widens by the scale factor when downscaling.
    var stretchesWhenDownscaling: Bool { self != .nearest }

    /// The kernel value at distance `x` (in kernel units) from the output pixel's centre.
    ///
    /// `box` and `nearest` are half-open so that a centre on a pixel edge picks exactly one pixel:
    /// `box` covers [-0.5, 0.5) and `nearest` (-0.5, 0.5], the pixel that contains the centre.
    public func kernel(_ x: Double) -> Double {
        switch self {
        case .lanczos3: Filter.lanczos(x, lobes: 3)
        case .lanczos2: Filter.lanczos(x, lobes: 2)
        case .mitchell: Filter.cubic(x, b: 1.0 / 3.0, c: 1.0 / 3.0)
        case .catmullRom: Filter.cubic(x, b: 0, c: 0.5)
        case .bilinear: max(0, 1 - abs(x))
        case .box: x >= -0.5 && x < 0.5 ? 1 : 0
        case .nearest: x > -0.5 && x <= 0.5 ? 1 : 0
        }
    }

    /// sinc(x) * sinc(x / lobes) inside the support, zero outside.
    static func lanczos(_ x: Double, lobes: Double) -> Double {
        let ax = abs(x)
        guard ax < lobes else { return 0 }
        return sinc(ax) * sinc(ax / lobes)
    }

    /// The normalised sinc, sin(pi x) / (pi x).
    static func sinc(_ x: Double) -> Double {
        if x == 0 { return 1 }
        let px = Double.pi * x
        return sin(px) / px
    }

    /// The Mitchell-Netravali family of cubics (B, C); Catmull-Rom is (0, 1/2).
    static func cubic(_ x: Double, b: Double, c: Double) -> Double {
        let ax = abs(x)
        let ax2 = ax * ax
        let ax3 = ax2 * ax
        if ax < 1 {
            return ((12 - 9 * b - 6 * c) * ax3 + (-18 + 12 * b + 6 * c) * ax2 + (6 - 2 * b)) / 6
        }
        if ax < 2 {
            return ((-b - 6 * c) * ax3 + (6 * b + 30 * c) * ax2 + (-12 * b - 48 * c) * ax + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}
