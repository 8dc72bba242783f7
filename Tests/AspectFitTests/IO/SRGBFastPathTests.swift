import CImageIO
import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// The fast path to sRGB (matrix-shaper RGB and grey tables) against LittleCMS's own transform of the
/// same profile, on every distinct RGB and grey profile in the corpus: a dense grid of colours (every
/// level near black and white, every 3rd between; all 256 levels for grey), both the loop decoding
/// runs (AVX2 where the CPU has it) and the SSE2 loop. (Over all 2^24 colours the largest difference
/// is 1 level too, for 1.4-2.7% of colours.)
@Suite struct SRGBFastPathTests {
    struct Profile: CustomStringConvertible {
        var file: String
        var bytes: [UInt8]
        var gray: Bool
        var description: String { file }
    }

    /// One file per distinct profile, with its colour space (ICC header bytes 16...19).
    static let profiles: [Profile] = {
        guard Corpus.isAvailable else { return [] }
        var seen = Set<[UInt8]>()
        var found: [Profile] = []
        for folder in ["photos", "icc", "jpeg", "png-extra", "pngsuite", "exif-orientation"] {
            for path in Corpus.files(in: folder, withExtensions: ["jpg", "jpeg", "png"]) {
                guard let data = try? ImageFile.read(path: path), let info = try? ImageFile.probe(data),
                      let icc = info.iccProfile, icc.count > 20, seen.insert(icc).inserted else { continue }
                let space = String(decoding: icc[16 ..< 20], as: UTF8.self)
                guard space == "RGB " || space == "GRAY" else { continue }
                found.append(Profile(file: (path as NSString).lastPathComponent, bytes: icc, gray: space == "GRAY"))
            }
        }
        return found
    }()

    static func engine(_ profile: Profile, _ layout: cio_layout) -> Int32 {
        cio_to_srgb_engine(profile.bytes, profile.bytes.count, layout)
    }

    static func convert(_ profile: Profile, _ layout: cio_layout, _ engine: Int32, _ input: [UInt8]) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: input.count)
        let pixels = input.count / Int(layout.rawValue)
        let done = cio_to_srgb_convert_with(profile.bytes, profile.bytes.count, layout, engine, input, &output, pixels)
        return done != 0 ? output : nil
    }

    /// The levels of the grid: all of 0...15 and 240...255 (where the curves are steepest or clip), every 3rd between.
    static let levels: [UInt8] = (0 ... 255).filter { $0 < 16 || $0 >= 240 || $0 % 3 == 0 }.map(UInt8.init)

    /// Every grey level, or every colour of the grid.
    static func grid(gray: Bool) -> [UInt8] {
        if gray { return (0 ... 255).map(UInt8.init) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(levels.count * levels.count * levels.count * 3)
        for r in levels {
            for g in levels {
                for b in levels { bytes += [r, g, b] }
            }
        }
        return bytes
    }

    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int { differences(a, b).largest }

    /// The largest difference and the share of samples that differ at all.
    static func differences(_ a: [UInt8], _ b: [UInt8]) -> (largest: Int, share: Double) {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var worst = 0, differing = 0
                for i in 0 ..< x.count {
                    let d = abs(Int(x[i]) - Int(y[i]))
                    worst = max(worst, d)
                    if d != 0 { differing += 1 }
                }
                return (worst, Double(differing) / Double(max(x.count, 1)))
            }
        }
    }

    @Test func theCorpusHasTheProfilesThatMatter() throws {
        guard try Corpus.require() else { return }
        let names = Self.profiles.map(\.file)
        #expect(names.contains { $0.hasPrefix("iphone-xs-p3") } && names.contains { $0.hasPrefix("adobergb") } &&
                names.contains { $0.hasPrefix("gray") }, "\(names)")
    }

    /// Display P3 (the iPhone's and Nuke's), Adobe RGB and grey take the fast path, for every layout.
    @Test func commonProfilesTakeTheFastPath() throws {
        guard try Corpus.require() else { return }
        for profile in Self.profiles where profile.file.contains("p3") || profile.file.contains("adobergb") ||
            profile.file.hasPrefix("gray-") {
            let layouts: [cio_layout] = profile.gray ? [CIO_GRAY8, CIO_GRAY_ALPHA8] : [CIO_RGB8, CIO_RGBA8]
            for layout in layouts {
                #expect(Self.engine(profile, layout) == Int32(CIO_ENGINE_FAST), "\(profile) \(layout)")
            }
        }
    }

    @Test(arguments: profiles)
    func fastPathMatchesLittleCMS(_ profile: Profile) throws {
        let layout = profile.gray ? CIO_GRAY8 : CIO_RGB8
        let engine = Self.engine(profile, layout)
        guard engine == Int32(CIO_ENGINE_FAST) else {
            #expect(Self.convert(profile, layout, Int32(CIO_ENGINE_FAST), [0, 0, 0]) == nil)
            return
        }
        let input = Self.grid(gray: profile.gray)
        let reference = try #require(Self.convert(profile, layout, Int32(CIO_ENGINE_LCMS), input))
        for loop in [CIO_ENGINE_FAST, CIO_ENGINE_FAST_SSE2] {
            let fast = try #require(Self.convert(profile, layout, Int32(loop), input))
            let (worst, share) = Self.differences(fast, reference)
            // Off by one in 0.5-1.3% of samples (over 2^24 colours); a rounding slip makes it ~40%.
            #expect(worst <= 1 && share <= 0.03, "\(profile) loop \(loop): \(worst) levels, \(share) of samples")
            if profile.gray { #expect(worst == 0, "grey is LittleCMS's own table") }
        }
    }

    /// With alpha: the colour as without it, alpha copied, in place the same as out of place, and
    /// pixel counts that are not a multiple of the AVX2 loop's eight.
    @Test(arguments: profiles)
    func alphaLayoutsAndRaggedRows(_ profile: Profile) throws {
        let (plain, withAlpha) = profile.gray ? (CIO_GRAY8, CIO_GRAY_ALPHA8) : (CIO_RGB8, CIO_RGBA8)
        guard Self.engine(profile, withAlpha) == Int32(CIO_ENGINE_FAST) else { return }
        let channels = profile.gray ? 1 : 3
        for pixels in [1, 7, 8, 9, 17, 1001] {
            var input = [UInt8](repeating: 0, count: pixels * (channels + 1))
            for i in input.indices { input[i] = UInt8((i &* 97 &+ pixels) & 255) }
            let colour = (0 ..< pixels).flatMap { p in input[p * (channels + 1) ..< p * (channels + 1) + channels] }
            let expected = try #require(Self.convert(profile, plain, Int32(CIO_ENGINE_FAST_SSE2), colour))
            for loop in [CIO_ENGINE_FAST, CIO_ENGINE_FAST_SSE2] {
                let converted = try #require(Self.convert(profile, withAlpha, Int32(loop), input))
                var inPlace = input
                let count = inPlace.count
                inPlace.withUnsafeMutableBufferPointer { buffer in
                    _ = cio_to_srgb_convert_with(profile.bytes, profile.bytes.count, withAlpha, Int32(loop),
                                                 buffer.baseAddress, buffer.baseAddress, count / (channels + 1))
                }
                #expect(Bytes(inPlace) == Bytes(converted), "\(profile) \(pixels) pixels, loop \(loop)")
                for p in 0 ..< pixels {
                    let base = p * (channels + 1)
                    #expect(converted[base + channels] == input[base + channels])
                    #expect(Self.largestDifference(Array(converted[base ..< base + channels]),
                                                   Array(expected[p * channels ..< p * channels + channels])) <= 1)
                }
            }
        }
    }
}
