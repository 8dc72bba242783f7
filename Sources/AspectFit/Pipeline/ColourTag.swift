import CImageIO

/// What the output's colours are labelled with.
enum ColourTag: Equatable {
    case none
    /// The source's own profile, carried over unchanged.
    case profile([UInt8])
    /// sRGB: PNG's sRGB chunk; AVIF's nclx 1/13/6; in JPEG and WebP a compact sRGB profile (JPEG grey:
    /// grey with the sRGB curve).
    case sRGB

    /// The ICC profile to embed in a JPEG of `layout` pixels.
    func jpegProfile(layout: PixelLayout) -> [UInt8]? {
        switch self {
        case .none: return nil
        case .profile(let bytes): return bytes
        case .sRGB:
            let profile = layout == .gray8 ? Self.compactGraySRGB : Self.compactSRGB
            return profile.isEmpty ? nil : profile
        }
    }

    /// The ICC profile to embed in a PNG (sRGB is the sRGB chunk instead).
    var pngProfile: [UInt8]? {
        if case .profile(let bytes) = self { bytes } else { nil }
    }

    /// The ICC profile to embed in a WebP: WebP stores RGB, so sRGB is the RGB compact profile.
    var webpProfile: [UInt8]? {
        switch self {
        case .none: nil
        case .profile(let bytes): bytes
        case .sRGB: Self.compactSRGB.isEmpty ? nil : Self.compactSRGB
        }
    }

    /// The ICC profile to embed in an AVIF (sRGB is the nclx colour box the encoder writes without one).
    var avifProfile: [UInt8]? { pngProfile }

    static let compactSRGB = compactProfile(gray: false)
    static let compactGraySRGB = compactProfile(gray: true)

    /// LittleCMS's own profile, built once in C: 588 bytes (sRGB) or 364 (grey); empty if LittleCMS failed.
    private static func compactProfile(gray: Bool) -> [UInt8] {
        var size = 0
        guard let bytes = cio_srgb_profile(gray ? 1 : 0, &size), size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}
