import Foundation
import Testing
import TestSupport

/// `--trim` on generated borders of every kind: solid on each combination of sides, transparent
/// (PNG and WebP), JPEG (ringing, noise), rotated by EXIF, a whole uniform image, tiny images. The
/// oracle for the kept box is the geometry the test drew (cross-checked with ImageMagick's own
/// `-trim`); the written pixels are read back by ImageMagick to check that no border reached them.
@Suite struct TrimTests {
    /// The border widths of one image: 0 is no border on that side.
    struct Sides: CustomTestStringConvertible, Sendable {
        var top: Int, right: Int, bottom: Int, left: Int
        var testDescription: String { "top \(top) right \(right) bottom \(bottom) left \(left)" }
    }

    /// Every combination of bordered sides, each side its own width so a swapped side shows.
    static let sideCombinations: [Sides] = (0 ..< 16).map { bits in
        Sides(top: bits & 1 != 0 ? 7 : 0, right: bits & 2 != 0 ? 11 : 0, bottom: bits & 4 != 0 ? 5 : 0, left: bits & 8 != 0 ? 13 : 0)
    }

    static let (width, height) = (120, 90)

    static func convert(_ arguments: [String]) throws -> [UInt8] {
        let result = try ExternalTool.run(ExternalTool.path("convert"), arguments)
        #expect(result.status == 0, "convert \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// Draws a `width` x `height` image of `border` with a plasma (blue 0, so far from the magenta
    /// border; no row or column of it uniform) inside `sides`; returns the content box.
    static func draw(_ sides: Sides, border: String = "#ff00ff", width: Int = width, height: Int = height,
                     to path: String, extra: [String] = []) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let box = (x: sides.left, y: sides.top, width: width - sides.left - sides.right, height: height - sides.top - sides.bottom)
        _ = try convert(["-size", "\(width)x\(height)", "xc:\(border)", "(", "-size", "\(box.width)x\(box.height)", "-seed", "7", "plasma:fractal",
                         "-channel", "B", "-evaluate", "set", "0", "+channel", ")",
                         "-geometry", "+\(box.x)+\(box.y)", "-composite"] + extra + [path])
        return box
    }

    static func trimBox(_ line: [String: Any]) -> [Int]? {
        (line["trim"] as? [String: Any]).map { t in ["x", "y", "width", "height"].map { t[$0] as? Int ?? -1 } }
    }

    /// The RGBA bytes of an image file, as ImageMagick decodes it.
    static func rgba(_ url: URL) throws -> [UInt8] { try convert([url.path, "-depth", "8", "rgba:-"]) }

    /// The border is the top-left pixel's colour: with no border on the top or the left side that
    /// pixel is content, so nothing is trimmed (as sharp); else the drawn box is kept exactly.
    @Test(arguments: sideCombinations)
    func solidBordersOnEverySideCombinationAreTrimmedExactly(_ sides: Sides) throws {
        let sandbox = try Sandbox()
        let drawn = try Self.draw(sides, to: sandbox.url("s.png").path)
        let cornerIsBorder = sides.top > 0 || sides.left > 0
        let box = cornerIsBorder ? drawn : (x: 0, y: 0, width: Self.width, height: Self.height)
        if sides.top > 0 && sides.left > 0 {
            // ImageMagick compares three corners (%@: its trim box), all border here.
            let magick = String(decoding: try Self.convert([sandbox.url("s.png").path, "-format", "%@", "info:"]), as: UTF8.self)
            #expect(magick == "\(box.width)x\(box.height)+\(box.x)+\(box.y)", "ImageMagick's -trim agrees with the drawn box")
        }
        // No size: the output is the kept box itself; a square cover crop of it; a contain fit of it.
        for (arguments, size) in [([String](), (box.width, box.height)), (["-r", "1:1", "-w", "40"], (40, 40))] {
            let result = try sandbox.run(["--trim", "--json", "-o", "out.png", "--overwrite", "s.png"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(result.jsonLines.first)
            #expect(Self.trimBox(line) == [box.x, box.y, box.width, box.height])
            #expect((line["warnings"] as? [String])?.isEmpty == true)
            let crop = try #require(line["crop"] as? [String: Double])
            #expect(crop["x"]! >= Double(box.x) && crop["y"]! >= Double(box.y), "the crop \(crop) starts inside the box")
            #expect(crop["x"]! + crop["width"]! <= Double(box.x + box.width) && crop["y"]! + crop["height"]! <= Double(box.y + box.height))
            let header = try #require(ImageHeader(file: sandbox.url("out.png")))
            #expect((header.width, header.height) == size)
            let pixels = try Self.rgba(sandbox.url("out.png"))
            let blue = stride(from: 2, to: pixels.count, by: 4).map { pixels[$0] }.max() ?? 255
            let bordered = sides.top + sides.right + sides.bottom + sides.left > 0
            #expect((blue <= 2) == (cornerIsBorder || !bordered), "a pixel shows the magenta border (blue \(blue))")
        }
        let contained = try sandbox.run(["--trim", "--json", "--fit", "contain", "-s", "100x100", "-o", "c.png", "s.png"])
        #expect(contained.status == 0, "\(contained.stderr)")
        let scale = min(100 / Double(box.width), 100 / Double(box.height))
        let letterbox = try #require(contained.jsonLines.first?["letterbox"] as? [String: Int])
        #expect(letterbox["width"] == min(100, Int((Double(box.width) * scale).rounded())))
        #expect(letterbox["height"] == min(100, Int((Double(box.height) * scale).rounded())))
    }

    /// A transparent border (the top-left pixel has alpha 0) is trimmed whatever the colour under its
    /// transparency; nothing transparent reaches the output.
    @Test(arguments: ["png", "webp"], [Sides(top: 9, right: 0, bottom: 0, left: 0), Sides(top: 9, right: 6, bottom: 0, left: 0),
                                       Sides(top: 0, right: 0, bottom: 14, left: 2), Sides(top: 0, right: 0, bottom: 0, left: 3),
                                       Sides(top: 4, right: 8, bottom: 12, left: 16)])
    func transparentBordersAreTrimmed(_ format: String, _ sides: Sides) throws {
        let sandbox = try Sandbox()
        let file = "t.\(format)"
        let box = try Self.draw(sides, border: "none", to: sandbox.url(file).path,
                                extra: format == "webp" ? ["-define", "webp:lossless=true"] : [])
        let result = try sandbox.run(["--trim", "--json", "-f", "png", "-o", "out.png", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.trimBox(result.jsonLines.first ?? [:]) == [box.x, box.y, box.width, box.height])
        let pixels = try Self.rgba(sandbox.url("out.png"))
        #expect(stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }, "a transparent pixel was kept")
    }

    /// A solid border written as JPEG quality 75 (4:2:0) rings inside the 16x16 blocks that straddle
    /// the content's edge, and chroma upsampling blurs one pixel more: each kept edge lies between the
    /// content's edge and the block boundary past it (one pixel further at most). Blocks wholly in
    /// the border, noise of +-4 levels included, are trimmed with the default threshold.
    @Test(arguments: ["white", "#ff00ff", "#204080"], [false, true])
    func jpegBordersAreTrimmedToTheBlocksStraddlingTheContent(_ border: String, _ noisy: Bool) throws {
        let sandbox = try Sandbox()
        for sides in [Sides(top: 32, right: 16, bottom: 48, left: 16), Sides(top: 30, right: 21, bottom: 13, left: 40),
                      Sides(top: 0, right: 0, bottom: 0, left: 37)] {
            let (w, h) = (256, 192)
            let noise = noisy ? ["-channel", "RGB", "-fx", "u+(rand()-0.5)*8/255", "+channel"] : []
            let box = (x: sides.left, y: sides.top, width: w - sides.left - sides.right, height: h - sides.top - sides.bottom)
            _ = try Self.convert(["-size", "\(w)x\(h)", "xc:\(border)"] + noise
                + ["(", "-seed", "3", "-size", "\(box.width)x\(box.height)", "plasma:fractal", ")", "-geometry", "+\(box.x)+\(box.y)",
                   "-composite", "-quality", "75", "-sampling-factor", "2x2", sandbox.url("s.jpg").path])
            let result = try sandbox.run(["--trim", "--json", "-o", "out.jpg", "--overwrite", "s.jpg"])
            #expect(result.status == 0, "\(result.stderr)")
            let t = try #require(Self.trimBox(result.jsonLines.first ?? [:]))
            let (left, top, right, bottom) = (t[0], t[1], t[0] + t[2], t[1] + t[3])
            let block = 16
            #expect(left <= box.x && left >= box.x / block * block - 1, "left \(left) for \(box.x)")
            #expect(top <= box.y && top >= box.y / block * block - 1, "top \(top) for \(box.y)")
            let (maxX, maxY) = (box.x + box.width, box.y + box.height)
            #expect(right >= maxX && right <= min(w, (maxX + block - 1) / block * block + 1), "right \(right) for \(maxX)")
            #expect(bottom >= maxY && bottom <= min(h, (maxY + block - 1) / block * block + 1), "bottom \(bottom) for \(maxY)")
            let header = try #require(ImageHeader(file: sandbox.url("out.jpg")))
            #expect((header.width, header.height) == (t[2], t[3]))
        }
    }

    /// The threshold is a distance: a ring 20 levels from the border stays at the default 10 and is
    /// trimmed at 30; 0 keeps it too; an exact border goes at 0.
    @Test func theThresholdIsTheLargestChannelDifference() throws {
        let sandbox = try Sandbox()
        _ = try Self.convert(["-size", "60x40", "xc:rgb(100,100,100)", "-fill", "rgb(100,120,100)", "-draw", "rectangle 5,5 54,34",
                              "-fill", "rgb(0,0,0)", "-draw", "rectangle 10,10 49,29", sandbox.url("r.png").path])
        for (threshold, expected) in [(nil, [5, 5, 50, 30]), ("19", [5, 5, 50, 30]), ("20", [10, 10, 40, 20]), ("30", [10, 10, 40, 20]),
                                      ("0", [5, 5, 50, 30])] as [(String?, [Int])] {
            let result = try sandbox.run(["--trim", "--json", "-o", "out.png", "--overwrite", "r.png"]
                + (threshold.map { ["--trim-threshold", $0] } ?? []))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Self.trimBox(result.jsonLines.first ?? [:]) == expected, "threshold \(threshold ?? "default")")
        }
    }

    /// Nothing differs from the corner: the image is kept whole, with a warning; tiny images too.
    @Test func uniformAndTinyImages() throws {
        let sandbox = try Sandbox()
        _ = try Self.convert(["-size", "64x48", "xc:#336699", sandbox.url("u.png").path])
        _ = try Self.convert(["-size", "1x1", "xc:red", sandbox.url("one.png").path])
        _ = try Self.convert(["-size", "3x3", "xc:white", "-fill", "black", "-draw", "point 1,1", sandbox.url("dot.png").path])
        for (file, box, warned) in [("u.png", [0, 0, 64, 48], true), ("one.png", [0, 0, 1, 1], true), ("dot.png", [1, 1, 1, 1], false)] {
            let result = try sandbox.run(["--trim", "--json", "-o", "out-" + file, file])
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(result.jsonLines.first)
            #expect(Self.trimBox(line) == box, "\(file)")
            let warnings = line["warnings"] as? [String] ?? []
            #expect(warnings.contains { $0.hasPrefix("nothing trimmed") } == warned, "\(file): \(warnings)")
            let header = try #require(ImageHeader(file: sandbox.url("out-" + file)))
            #expect((header.width, header.height) == (box[2], box[3]))
        }
    }

    /// The box is in upright coordinates: a JPEG stored sideways (EXIF orientation 6, turned 90 degrees
    /// clockwise to be upright) is trimmed after turning. Block-aligned borders: exact within the one
    /// pixel chroma upsampling adds.
    @Test func theBoxIsUpright() throws {
        let sandbox = try Sandbox()
        let (w, h) = (160, 96)
        let stored = Sides(top: 16, right: 32, bottom: 0, left: 48)
        let box = (x: stored.left, y: stored.top, width: w - stored.left - stored.right, height: h - stored.top - stored.bottom)
        _ = try Self.convert(["-size", "\(w)x\(h)", "xc:white", "(", "-seed", "5", "-size", "\(box.width)x\(box.height)", "plasma:fractal", ")",
                              "-geometry", "+\(box.x)+\(box.y)", "-composite", "-quality", "90", "-sampling-factor", "1x1", sandbox.url("s.jpg").path])
        _ = try ExternalTool.run(ExternalTool.path("exiftool"), ["-q", "-n", "-Orientation=6", "-overwrite_original", sandbox.url("s.jpg").path])
        let result = try sandbox.run(["--trim", "--json", "-o", "out.jpg", "s.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        let t = try #require(Self.trimBox(result.jsonLines.first ?? [:]))
        // Turned clockwise: upright x = H - (stored y + height), upright y = stored x, sides swapped.
        let upright = [h - box.y - box.height, box.x, box.height, box.width]
        for (got, want) in zip(t, upright) { #expect(abs(got - want) <= 1, "upright box \(t), expected \(upright)") }
        let header = try #require(ImageHeader(file: sandbox.url("out.jpg")))
        #expect((header.width, header.height) == (t[2], t[3]))
    }

    /// Gravity and focus place the crop in the kept box; a focus point is given in the whole image
    /// and clamped into the box; a smart crop analyses the box alone.
    @Test func gravityFocusAndSmartCropApplyToTheBox() throws {
        let sandbox = try Sandbox()
        let box = try Self.draw(Sides(top: 10, right: 20, bottom: 30, left: 40), to: sandbox.url("s.png").path)   // 60x50+40+10
        for (arguments, x, y) in [(["-g", "north"], 45.0, 10.0), (["-g", "west"], 40.0, 10.0), (["-g", "east"], 50.0, 10.0),
                                  (["--focus", "0,0"], 40.0, 10.0), (["--focus", "1,1"], 50.0, 10.0),
                                  (["--focus", "0.6,0.5"], 47.0, 10.0), (["--focus", "0.5,0.5"], 40.0, 10.0)] {
            let result = try sandbox.run(["--trim", "--json", "-r", "1:1", "-o", "out.png", "--overwrite", "s.png"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let crop = try #require(result.jsonLines.first?["crop"] as? [String: Double])
            #expect([crop["x"], crop["y"], crop["width"], crop["height"]] == [x, y, 50, 50], "\(arguments): \(crop)")
        }
        for gravity in ["attention", "entropy"] {
            let result = try sandbox.run(["--trim", "--json", "-r", "4:1", "-w", "40", "-g", gravity, "-o", "g.png", "--overwrite", "s.png"])
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(result.jsonLines.first)
            let crop = try #require(line["crop"] as? [String: Double])
            #expect(crop["x"]! >= Double(box.x) && crop["x"]! + crop["width"]! <= Double(box.x + box.width) + 1e-9, "\(gravity): \(crop)")
            #expect(crop["y"]! >= Double(box.y) && crop["y"]! + crop["height"]! <= Double(box.y + box.height) + 1e-9, "\(gravity): \(crop)")
            let focus = try #require(line["focus"] as? [String: Double])
            #expect(abs(focus["x"]! * Double(Self.width) - (crop["x"]! + crop["width"]! / 2)) < 0.1, "focus in whole-image fractions")
        }
    }

    /// Every variant trims the same box; a dry run cannot know it (trim and crop null).
    @Test func variantsShareTheBoxAndADryRunDoesNotKnowIt() throws {
        let sandbox = try Sandbox()
        let box = try Self.draw(Sides(top: 3, right: 17, bottom: 9, left: 21), to: sandbox.url("s.png").path)
        let result = try sandbox.run(["--trim", "--json", "--variant", "-r 1:1 -w 32 -o a/", "--variant", "-s 50x20 -o b/",
                                      "--variant", "--fit contain -s 64x64 -o c/", "s.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.jsonLines.filter { $0["variant"] != nil }
        #expect(lines.count == 3)
        for line in lines { #expect(Self.trimBox(line) == [box.x, box.y, box.width, box.height], "variant \(line["variant"] ?? "?")") }
        let sizes = ["a/s.png", "b/s.png", "c/s.png"].map { ImageHeader(file: sandbox.url($0)).map { [$0.width, $0.height] } }
        #expect(sizes == [[32, 32], [50, 20], [64, 64]])
        let dry = try sandbox.run(["--trim", "--json", "--dry-run", "-r", "1:1", "-o", "d.png", "s.png"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let line = try #require(dry.jsonLines.first)
        #expect(line["trim"] is NSNull && line["crop"] is NSNull, "\(line)")
        #expect(!sandbox.exists("d.png"))
    }

    /// The memory estimate counts the whole frame decoded at full scale (where the plan alone would
    /// shrink on load by 8), and for a smart crop the box's copy: the fit's peak stays under it.
    @Test(arguments: [["-w", "300"], ["-r", "3:1", "-w", "300", "-g", "attention"]])
    func theMemoryEstimateHoldsTheTrimRoute(_ arguments: [String]) throws {
        let sandbox = try Sandbox()
        _ = try Self.convert(["-size", "3000x2000", "xc:white", "(", "-size", "2800x1700", "gradient:red-blue", ")", "-geometry", "+120+90",
                              "-composite", "-quality", "80", sandbox.url("big.jpg").path])
        let planned = try sandbox.run(["--dry-run", "--json", "--trim", "-o", "out.jpg"] + arguments + ["big.jpg"])
        let estimate = try #require(planned.jsonLines.compactMap { $0["memory"] as? Int }.first, "\(planned.stdoutText)")
        #expect(estimate > 3000 * 2000 * 4)
        let fit = try ProcessPeaks.run(["--trim", "-o", "out.jpg"] + arguments + ["big.jpg"], in: sandbox.root)
        #expect(fit.status == 0)
        // The estimate is the fit's: the binary's own resident pages (its libraries) are not in it.
        let idle = try ProcessPeaks.run(["--version"], in: sandbox.root)
        let used = (fit.kilobytes - idle.kilobytes) * 1024
        #expect(used <= estimate, "peak \(fit.kilobytes) KiB less \(idle.kilobytes) KiB idle, estimated \(estimate / 1024) KiB")
    }

    /// An output named by its size ({w}, {h}, {ratio}: the default beside the input) needs a size the
    /// trim cannot change; otherwise the input fails, naming why, and nothing is written.
    @Test func outputsNamedBySizeNeedASizeTheTrimCannotChange() throws {
        let sandbox = try Sandbox()
        _ = try Self.draw(Sides(top: 4, right: 4, bottom: 4, left: 4), to: sandbox.url("s.png").path)
        let named = try sandbox.run(["--trim", "-r", "1:1", "-w", "32", "s.png"])
        #expect(named.status == 0 && sandbox.exists("s-32x32.png"), "\(named.stderr)")
        for arguments in [["--trim", "s.png"], ["--trim", "-w", "32", "s.png"], ["--trim", "-r", "1:1", "-w", "32", "--no-enlarge", "s.png"],
                          ["--trim", "-o", "{name}-{w}.png", "s.png"]] {
            let before = sandbox.files(under: ".")
            let result = try sandbox.run(arguments)
            #expect(result.status == 1 && result.stderr.contains("size comes from the trimmed pixels"), "\(arguments): \(result.stderr)")
            #expect(sandbox.files(under: ".") == before, "\(arguments) wrote a file")
        }
        let plain = try sandbox.run(["--trim", "-o", "plain.png", "s.png"])
        #expect(plain.status == 0 && sandbox.exists("plain.png"), "\(plain.stderr)")
    }

    /// A 16-bit PNG is trimmed on the 8-bit route and written at 8 bits; 16-bit output is refused.
    @Test func sixteenBitSourcesAreTrimmedAtEightBits() throws {
        let sandbox = try Sandbox()
        let box = try Self.draw(Sides(top: 5, right: 0, bottom: 0, left: 8), to: "PNG48:" + sandbox.url("s16.png").path, extra: ["-depth", "16"])
        let result = try sandbox.run(["--trim", "--json", "-o", "out.png", "s16.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.trimBox(result.jsonLines.first ?? [:]) == [box.x, box.y, box.width, box.height])
        let depth = String(decoding: try Self.convert([sandbox.url("out.png").path, "-format", "%z", "info:"]), as: UTF8.self)
        #expect(depth == "8")
        let refused = try sandbox.run(["--trim", "--png-depth", "16", "-o", "x.png", "s16.png"])
        #expect(refused.status == 2 && refused.stderr.contains("--png-depth 16"), "\(refused.stderr)")
    }

    @Test(arguments: [["--trim", "--trim-threshold", "256"], ["--trim", "--trim-threshold", "-1"], ["--trim", "--trim-threshold", "ten"],
                      ["--trim-threshold", "5"], ["--trim=5"], ["--variant", "--trim -o v/"], ["--trim", "--variant", "--png-depth 16 -o v/"]])
    func invalidUsesAreUsageErrors(_ arguments: [String]) throws {
        let sandbox = try Sandbox()
        _ = try Self.draw(Sides(top: 1, right: 1, bottom: 1, left: 1), to: sandbox.url("s.png").path)
        let result = try sandbox.run(arguments + ["-o", "o.png", "s.png"])
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(!sandbox.exists("o.png"))
    }
}
