/// The colour model an ICC profile describes (header bytes 16...19), so a profile is only ever
/// attached to pixels of that model: a CMYK profile must not label the RGB pixels made from CMYK.
enum ICCProfile {
    static func fits(_ profile: [UInt8], layout: PixelLayout) -> Bool {
        guard profile.count >= 128 else { return false }
        let space = String(decoding: profile[16 ..< 20], as: UTF8.self)
        switch layout {
        case .gray8, .grayAlpha8: return space == "GRAY"
        case .rgb8, .rgba8: return space == "RGB "
        }
    }
}
