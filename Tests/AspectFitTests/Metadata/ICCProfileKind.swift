/// The kinds of ICC profile real files carry, built byte by byte (ICC.1 header layout) so each
/// oddity libpng's checks know about is tested, not just the corpus files that happen to have one.
enum ICCProfileKind: String, CaseIterable, CustomStringConvertible {
    case valid                   // a well-formed RGB display profile
    case badRenderingIntent      // intent 0x01000000 (libpng: "invalid rendering intent")
    case pcsNotD50               // PCS illuminant D65 (libpng: "PCS illuminant is not D50")
    case grayOnColour            // a GRAY profile, to be attached to RGB pixels
    case huge                    // 100,000 bytes: more than one JPEG APP2 marker
    case truncated               // the header declares more bytes than there are
    case garbage                 // not a profile at all
    case empty                   // zero bytes

    var description: String { rawValue }

    /// Profiles every writer must keep byte for byte.
    var isUsable: Bool { self == .valid || self == .huge }

    var bytes: [UInt8] {
        switch self {
        case .valid: return Self.profile()
        case .badRenderingIntent: return Self.profile(intent: 0x0100_0000)
        case .pcsNotD50: return Self.profile(illuminant: (0xF351, 0x10000, 0x116CC))   // D65
        case .grayOnColour: return Self.profile(space: "GRAY")
        case .huge: return Self.profile(padding: 100_000)
        case .truncated: return Array(Self.profile(padding: 4_000).prefix(2_000))
        case .garbage: return (0 ..< 600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        case .empty: return []
        }
    }

    /// A v2.1 'mntr' profile: 128-byte header, a tag table with one private tag covering `padding`
    /// bytes (so the size varies while every tag stays inside the profile).
    static func profile(space: String = "RGB ", intent: UInt32 = 0,
                        illuminant: (UInt32, UInt32, UInt32) = (0xF6D6, 0x10000, 0xD32D),
                        padding: Int = 64) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let tagOffset = 128 + 4 + 12
        let size = tagOffset + padding
        var header = be(UInt32(size)) + [0, 0, 0, 0] + be(0x0210_0000) + Array("mntr".utf8) + Array(space.utf8)
        header += Array("XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
        header += [UInt8](repeating: 0, count: 24) + be(intent) + be(illuminant.0) + be(illuminant.1) + be(illuminant.2)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        let table = be(1) + Array("zzzz".utf8) + be(UInt32(tagOffset)) + be(UInt32(padding))
        return header + table + (0 ..< padding).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    }
}
