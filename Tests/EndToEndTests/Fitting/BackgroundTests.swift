import Foundation
import Testing
import TestSupport

/// `--background` fills what the output has to fill (contain bars, cut corners, source
/// transparency) in every written format; given nothing it leaves them transparent where the format
/// holds alpha and white in JPEG. Pixels are read back by libvips (`vips getpoint`), an independent
/// decoder; colour values come from the CSS specification and ImageMagick's colour table.
@Suite struct BackgroundTests {
    enum Fill: String, CaseIterable, Sendable { case bars, corners, transparency }

    /// The arguments that make `fill` happen on `s.png` (opaque red) or `a.png` (a red disc on
    /// transparency), and a pixel `fill` covers in the 64x64 output.
    static func setup(_ fill: Fill) -> (arguments: [String], input: String, pixel: (Int, Int)) {
        switch fill {
        case .bars: (["-s", "64x64", "--fit", "contain"], "s.png", (1, 1))
        case .corners: (["-s", "64x64", "--radius", "20"], "s.png", (0, 0))
        case .transparency: (["-s", "64x64"], "a.png", (1, 1))
        }
    }

    static func samples(_ sandbox: Sandbox, _ file: String, _ x: Int, _ y: Int) throws -> [Int] {
        let output = try ExternalTool.run(ExternalTool.path("vips"), ["getpoint", sandbox.url(file).path, "\(x)", "\(y)"])
        #expect(output.status == 0, "\(output.stderr)")
        return String(decoding: output.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    }

    static func makeInputs(_ sandbox: Sandbox) throws {
        let convert = try ExternalTool.path("convert")
        _ = try ExternalTool.run(convert, ["-size", "48x32", "xc:red", sandbox.url("s.png").path])
        _ = try ExternalTool.run(convert, ["-size", "64x64", "xc:none", "-fill", "red", "-draw", "circle 32,32 32,12", sandbox.url("a.png").path])
    }

    @Test(arguments: Fill.allCases, ["png", "webp", "avif", "jpeg"])
    func fillsWhatTheOutputHasToFillInEveryFormat(_ fill: Fill, _ format: String) throws {
        let sandbox = try Sandbox()
        try Self.makeInputs(sandbox)
        let (arguments, input, (x, y)) = Self.setup(fill)
        let tolerance = format == "jpeg" ? 24 : format == "avif" ? 12 : 0
        let extra = format == "webp" ? ["--webp-lossless"] : []
        for (background, expected) in [(nil, format == "jpeg" ? [255, 255, 255] : [0]),
                                       ("rgb(10 200 30)", [10, 200, 30]),
                                       ("#0000ff80", format == "jpeg" ? [127, 127, 255] : [0, 0, 255, 128])] as [(String?, [Int])] {
            let name = "out-\(background ?? "none").\(format)"
            let result = try sandbox.run(arguments + extra + ["-f", format, "-o", name, input] + (background.map { ["--background", $0] } ?? []))
            #expect(result.status == 0, "\(result.stderr)")
            let got = try Self.samples(sandbox, name, x, y)
            let what = "\(fill) \(format) \(background ?? "default"): \(got)"
            if expected == [0] {
                #expect(got.count == 4 && got[3] <= tolerance, "transparent: \(what)")
            } else {
                #expect(got.count == expected.count, "bands: \(what)")
                for (g, e) in zip(got, expected) { #expect(abs(g - e) <= tolerance, "\(what), expected \(expected)") }
            }
        }
    }

    /// The CSS names: ImageMagick's SVG colours (less its own keywords), plus CSS Color 4's
    /// greenyellow and rebeccapurple; each checked against ImageMagick's value, except gray and grey,
    /// which ImageMagick takes from X11 (#7e7e7e, #bebebe) and CSS defines as #808080.
    @Test func everyCSSColourNameFillsWithItsValue() throws {
        let sandbox = try Sandbox()
        try Self.makeInputs(sandbox)
        let convert = try ExternalTool.path("convert")
        let list = try ExternalTool.run(convert, ["-list", "color"])
        let keywords: Set<String> = ["fractal", "freeze", "matte", "none", "opaque", "transparent"]
        var names = Set(String(decoding: list.stdout, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.contains("SVG"), let name = fields.first?.lowercased(), !name.contains(where: \.isNumber) else { return nil }
            return keywords.contains(name) ? nil : name
        })
        names.formUnion(["greenyellow", "rebeccapurple"])
        #expect(names.count == 148)
        let css: [String: [Int]] = ["gray": [128, 128, 128], "grey": [128, 128, 128], "rebeccapurple": [0x66, 0x33, 0x99]]
        for name in names.sorted() {
            let expected: [Int]
            if let value = css[name] {
                expected = value
            } else {
                let hex = try ExternalTool.run(convert, ["xc:\(name)", "-depth", "8", "-format", "%[fx:int(255*r)] %[fx:int(255*g)] %[fx:int(255*b)]", "info:"])
                expected = String(decoding: hex.stdout, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
            }
            let result = try sandbox.run(["-s", "48x40", "--fit", "contain", "--background", name.uppercased(), "-o", "\(name).png", "s.png"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try Self.samples(sandbox, "\(name).png", 0, 0) == expected, "\(name)")
        }
    }

    /// `--corners-on picture` rounds the contained picture (its corner pixel is background, its
    /// centre and its edge away from the corner are picture); `box`, the default, rounds the
    /// output's corners, and says so once when they fall only on bars.
    @Test(arguments: ["png", "jpeg"])
    func cornersOnThePictureOrTheBox(_ format: String) throws {
        let sandbox = try Sandbox()
        try Self.makeInputs(sandbox)
        let base = ["-s", "48x64", "--fit", "contain", "--radius", "12", "-f", format, "--background", "blue"]
            + (format == "jpeg" ? ["-q", "98", "--chroma444"] : [])
        let picture = try sandbox.run(base + ["--corners-on", "picture", "-o", "p.\(format)", "s.png"])
        #expect(picture.status == 0 && !picture.stderr.contains("warning"), "\(picture.stderr)")
        // The 48x32 picture sits at y 16...47.
        let tolerance = format == "jpeg" ? 24 : 0
        for (x, y, expected) in [(0, 16, [0, 0, 255]), (47, 47, [0, 0, 255]), (24, 32, [255, 0, 0]), (24, 16, [255, 0, 0]), (0, 32, [255, 0, 0])] {
            let got = try Self.samples(sandbox, "p.\(format)", x, y)
            #expect(got.count == 3 && zip(got, expected).allSatisfy { abs($0 - $1) <= tolerance }, "(\(x),\(y)) \(got)")
        }
        let box = try sandbox.run(base + ["-o", "b.\(format)", "s.png"])
        #expect(box.stderr.contains("warning: --radius rounded only the bars of 1 of 1 outputs"), "\(box.stderr)")
        #expect(try Self.samples(sandbox, "b.\(format)", 0, 16).enumerated().allSatisfy { abs($0.element - [255, 0, 0][$0.offset]) <= tolerance })
        let thin = try sandbox.run(["-s", "48x36", "--fit", "contain", "--radius", "12", "-f", format, "-o", "t.\(format)", "s.png"])
        #expect(thin.status == 0 && !thin.stderr.contains("warning"), "2-pixel bars: the corners cut the picture: \(thin.stderr)")
    }

    /// The 16-bit route (a 16-bit PNG to PNG) fills the same way, at 16 bits: opaque writes no
    /// alpha, translucent goes under the picture, picture corners are cut.
    @Test func sixteenBitPNGFillsTheSameWay() throws {
        let sandbox = try Sandbox()
        _ = try ExternalTool.run(ExternalTool.path("convert"), ["-size", "40x30", "xc:red", "-depth", "16", "PNG48:" + sandbox.url("s16.png").path])
        let base = ["-s", "40x40", "--fit", "contain"]
        for (extra, x, y, expected) in [(["--background", "blue"], 0, 0, [0, 0, 65535]),
                                        (["--background", "#0000ff80"], 0, 0, [0, 0, 65535, 32896]),
                                        (["--radius", "8", "--corners-on", "picture"], 0, 5, [0]),
                                        (["--radius", "8", "--corners-on", "picture", "--background", "lime"], 0, 5, [0, 65535, 0])] as [([String], Int, Int, [Int])] {
            let result = try sandbox.run(base + extra + ["-o", "o.png", "s16.png"])
            #expect(result.status == 0, "\(result.stderr)")
            let got = try Self.samples(sandbox, "o.png", x, y)
            if expected == [0] {
                #expect(got.count == 4 && got[3] == 0, "\(extra): \(got)")
            } else {
                #expect(got == expected, "\(extra)")
            }
            let header = try ExternalTool.run(ExternalTool.path("vipsheader"), ["-f", "format", sandbox.url("o.png").path])
            #expect(String(decoding: header.stdout, as: UTF8.self).contains("USHORT"), "\(extra): still 16-bit")
        }
    }

    @Test func aBackgroundWithNothingToFillWarnsOnce() throws {
        let sandbox = try Sandbox()
        try Self.makeInputs(sandbox)
        try FileManager.default.copyItem(at: sandbox.url("s.png"), to: sandbox.url("t.png"))
        let idle = try sandbox.run(["-w", "32", "--background", "red", "-o", "o/", "s.png", "t.png"])
        #expect(idle.stderr.components(separatedBy: "warning: --background does nothing in this run").count == 2, "\(idle.stderr)")
        let used = try sandbox.run(["-w", "32", "--background", "red", "-o", "p/", "s.png", "a.png"])
        #expect(!used.stderr.contains("warning"), "\(used.stderr)")
    }
}
