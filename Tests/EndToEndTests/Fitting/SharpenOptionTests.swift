import AspectFit
import Foundation
import Testing
import TestSupport

/// `--sharpen` through the real binary, by kind: every pixel layout at 8 and 16 bits, every route
/// (plain, smart crop, contain with bars, variants sharing a decode), default and explicit values.
/// Each output is read by an independent decoder (Python's zlib and the PNG specification's
/// unfilters) and must be `ReferenceSharpen` (float64) of the same run without `--sharpen`,
/// within one level; bars stay exactly as they were.
@Suite(.tags(.pipeline)) struct SharpenOptionTests {
    /// A generated source of `layout` (8-bit PNG from the library's encoder, 16-bit from the tests'
    /// own writer): edges, gradients and noise, alpha fading across when present.
    static func source(_ layout: PixelLayout, sixteenBit: Bool) throws -> [UInt8] {
        let (width, height) = (96, 72)
        let maximum = sixteenBit ? 65535 : 255
        var samples = [Int]()
        var state: UInt32 = 12345
        for y in 0 ..< height {
            for x in 0 ..< width {
                let colours = layout.hasAlpha ? layout.channels - 1 : layout.channels
                for c in 0 ..< colours {
                    state = state &* 1664525 &+ 1013904223
                    let checks = ((x / (6 + c)) + (y / 5)) % 2 == 0 ? maximum * 7 / 8 : maximum / 8
                    samples.append(min(max(checks + Int(state >> 24) * maximum / 2048 - maximum / 16, 0), maximum))
                }
                if layout.hasAlpha { samples.append(x < 12 ? 0 : min(maximum, (x - 12) * maximum / 60)) }
            }
        }
        if sixteenBit {
            let image = PixelBuffer16(width: width, height: height, layout: layout, samples: samples.map { UInt16($0) })
            return SixteenBitPNG.encode(.init(image: image))
        }
        let image = try PixelBuffer(width: width, height: height, layout: layout, bytes: samples.map { UInt8($0) })
        return try ImageEncoder.encodePNG(image)
    }

    struct Source: CustomStringConvertible, Sendable {
        var layout: PixelLayout
        var sixteenBit: Bool
        var description: String { "\(layout)\(sixteenBit ? " 16-bit" : "")" }
    }

    static let sources = PixelLayout.allCases.flatMap { [Source(layout: $0, sixteenBit: false), Source(layout: $0, sixteenBit: true)] }

    /// The geometry of each route (the smart crop decodes alone and chooses from the pixels).
    static let routes: [[String]] = [["-s", "48x36"], ["-r", "1:1", "-w", "40", "-g", "attention"], ["-r", "3:4", "-w", "30", "-g", "east"]]

    static func decoded(_ sandbox: Sandbox, _ name: String) throws -> SixteenBitPNG.Decoded {
        try SixteenBitPNG.read(sandbox.url(name).path)
    }

    static func run(_ sandbox: Sandbox, _ arguments: [String]) throws {
        let result = try sandbox.run(arguments + ["--quiet", "in.png"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    static func channels(_ png: SixteenBitPNG.Decoded) -> Int { [0: 1, 4: 2, 2: 3, 6: 4][png.colour] ?? 0 }

    /// The output with `sharpen` must be the reference mask of the output without it, and keep its depth.
    static func expectSharpened(_ sharpened: SixteenBitPNG.Decoded, from plain: SixteenBitPNG.Decoded,
                                sigma: Double, amount: Double, _ what: String) {
        #expect(sharpened.width == plain.width && sharpened.height == plain.height && sharpened.depth == plain.depth
                && sharpened.colour == plain.colour, "\(what)")
        let ch = channels(plain)
        let expected = ReferenceSharpen.apply(plain.samples, width: plain.width, height: plain.height, channels: ch,
                                              hasAlpha: ch % 2 == 0, maximum: plain.depth == 16 ? 65535 : 255,
                                              sigma: sigma, amount: amount)
        let worst = zip(sharpened.samples, expected).map { abs($0 - $1) }.max() ?? .max
        #expect(sharpened.samples.count == expected.count && worst <= 1, "\(what): \(worst) levels off the reference")
        #expect(sharpened.samples != plain.samples, "\(what): nothing sharpened")
    }

    @Test(arguments: sources)
    func everyRouteSharpensAsTheReferenceSays(_ source: Source) throws {
        let sandbox = try Sandbox()
        try Data(try Self.source(source.layout, sixteenBit: source.sixteenBit)).write(to: sandbox.url("in.png"))
        for route in Self.routes {
            try Self.run(sandbox, route + ["-o", "plain.png"])
            let plain = try Self.decoded(sandbox, "plain.png")
            #expect(plain.depth == (source.sixteenBit ? 16 : 8), "\(source) \(route)")
            for (value, sigma, amount) in [("default", 1.0, 0.4), ("0.6,1.5", 0.6, 1.5), ("2.5", 2.5, 0.4)] {
                try Self.run(sandbox, route + ["--sharpen", value, "-o", "sharp.png"])
                Self.expectSharpened(try Self.decoded(sandbox, "sharp.png"), from: plain, sigma: sigma, amount: amount,
                                     "\(source) \(route) --sharpen \(value)")
            }
        }
    }

    /// Variants sharing one decode: each its own mask, the command line's by default, and amount 0
    /// in a variant turns the command line's off (the same pixels as none).
    @Test(arguments: sources.filter { !$0.sixteenBit || $0.layout == .rgba8 })
    func eachVariantHasItsOwnSharpen(_ source: Source) throws {
        let sandbox = try Sandbox()
        try Data(try Self.source(source.layout, sixteenBit: source.sixteenBit)).write(to: sandbox.url("in.png"))
        let size = ["-s", "48x36"]
        try Self.run(sandbox, size + ["-o", "plain.png"])
        try Self.run(sandbox, size + ["--sharpen", "default", "--variant", "-o inherited/", "--variant", "--sharpen 0.7,2 -o own/",
                                      "--variant", "--sharpen 1,0 -o off/", "--variant", "-r 1:1 -w 40 -g attention --sharpen 1.2,1 -o smart/"])
        let plain = try Self.decoded(sandbox, "plain.png")
        Self.expectSharpened(try Self.decoded(sandbox, "inherited/in.png"), from: plain, sigma: 1, amount: 0.4, "\(source) inherited")
        Self.expectSharpened(try Self.decoded(sandbox, "own/in.png"), from: plain, sigma: 0.7, amount: 2, "\(source) own")
        #expect(try Self.decoded(sandbox, "off/in.png").samples == plain.samples, "\(source): amount 0 is no sharpen")
        try Self.run(sandbox, ["-r", "1:1", "-w", "40", "-g", "attention", "-o", "smart-plain.png"])
        Self.expectSharpened(try Self.decoded(sandbox, "smart/in.png"), from: try Self.decoded(sandbox, "smart-plain.png"),
                             sigma: 1.2, amount: 1, "\(source) smart variant")
    }

    /// Under contain the mask sharpens the picture alone: the bars (and the picture's edge, which
    /// the mask sees repeated, not the bars) are those of the run without it.
    @Test(arguments: [false, true])
    func containSharpensThePictureNotTheBars(_ sixteenBit: Bool) throws {
        let sandbox = try Sandbox()
        try Data(try Self.source(.rgb8, sixteenBit: sixteenBit)).write(to: sandbox.url("in.png"))
        for background in [["--background", "#c03060"], []] {
            let contain = ["-r", "2:1", "-w", "80", "--fit", "contain"] + background
            let record = try sandbox.run(contain + ["--json", "-o", "plain.png", "in.png"]).jsonLines.first
            let letterbox = try #require(record?["letterbox"] as? [String: Any], "\(String(describing: record))")
            let (left, pictureWidth) = (try #require(letterbox["x"] as? Int), try #require(letterbox["width"] as? Int))
            #expect(letterbox["y"] as? Int == 0 && pictureWidth < 80)
            try Self.run(sandbox, contain + ["--sharpen", "1.5,2", "-o", "sharp.png"])
            let plain = try Self.decoded(sandbox, "plain.png")
            let sharp = try Self.decoded(sandbox, "sharp.png")
            let ch = Self.channels(plain)
            var bars: [Int] = [], sharpBars: [Int] = [], picture: [Int] = [], sharpPicture: [Int] = []
            for y in 0 ..< plain.height {
                for x in 0 ..< plain.width {
                    let range = (y * plain.width + x) * ch ..< (y * plain.width + x + 1) * ch
                    if x < left || x >= left + pictureWidth {
                        bars += plain.samples[range]; sharpBars += sharp.samples[range]
                    } else {
                        picture += plain.samples[range]; sharpPicture += sharp.samples[range]
                    }
                }
            }
            #expect(bars == sharpBars, "16-bit \(sixteenBit) \(background): the bars changed")
            var plainPicture = plain, sharpened = sharp
            (plainPicture.width, plainPicture.samples, sharpened.width, sharpened.samples) = (pictureWidth, picture, pictureWidth, sharpPicture)
            Self.expectSharpened(sharpened, from: plainPicture, sigma: 1.5, amount: 2, "contain 16-bit \(sixteenBit) \(background)")
        }
    }

    @Test(arguments: ["0", "11", "1,-0.5", "1,10.5", "soft", "1,2,3", "", "1,"])
    func anInvalidValueIsAUsageError(_ value: String) throws {
        let sandbox = try Sandbox()
        try Data(try Self.source(.rgb8, sixteenBit: false)).write(to: sandbox.url("in.png"))
        for arguments in [["--sharpen", value], ["--variant", "--sharpen '\(value)' -o v/"]] {
            let result = try sandbox.run(arguments + ["in.png"])
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("--sharpen: invalid sharpen '\(value)': expected default, SIGMA (0.1-10) or SIGMA,AMOUNT"),
                    "\(arguments): \(result.stderr)")
            #expect(sandbox.files(under: ".") == ["in.png"])
        }
    }
}
