#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lookup tables between 8-bit sRGB codes and linear light in `SampleScale` units (1.0 = 16320).
enum SRGBTables {
    /// Linear light of each sRGB code, rounded to 1/16320.
    static let toLinear: [Int16] = (0 ..< 256).map { code in
        Int16((decode(Double(code) / 255) * Double(SampleScale.full)).rounded())
    }

    /// sRGB code of each linear level 0...16320, rounded.
    static let fromLinear: [UInt8] = (0 ... Int(SampleScale.full)).map { level in
        UInt8((encode(Double(level) / Double(SampleScale.full)) * 255).rounded())
    }

    /// The sRGB transfer function, code fraction to linear light.
    static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// The inverse sRGB transfer function, linear light to code fraction.
    static func encode(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
}
