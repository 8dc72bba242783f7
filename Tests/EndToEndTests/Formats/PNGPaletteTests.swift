import Foundation
import Testing
import TestSupport

/// `--png-palette` and `--max-bytes`' palette through the real binary, by kind of input: a photo-like
/// gradient with noise, flat graphics of 2, 4 and 12 colours and of 7 translucent ones, a grey ramp, RGBA with partial alpha,
/// rounded corners, 16-bit PNGs. Inputs are drawn by Pillow; every output is read by Pillow and its
/// chunks by the script itself, against the same run's truecolour output: colour type 3, the bit
/// depth that holds the palette, tRNS when alpha is kept, PSNR of premultiplied RGBA and the alpha
/// error within bounds measured on these images, and exactly the same pixels when the truecolour
/// output has no more colours than the palette may hold.
@Suite(.tags(.pipeline)) struct PNGPaletteTests {
    /// Draws the inputs (`make DIR`) or reads palette outputs beside their truecolour twins
    /// (`read DIR PALETTE:TRUECOLOUR ...`, one JSON line each).
    static let oracle = #"""
    import sys, json, math, random, struct, zlib
    from PIL import Image, ImageDraw
    mode, folder = sys.argv[1], sys.argv[2]
    if mode == 'make':
        random.seed(5)
        photo = Image.new('RGB', (240, 180))
        photo.putdata([(int(127 + 120 * math.sin(x / 23.0 + y / 41.0)), (x + y) * 255 // 420,
                        min(255, max(0, 255 - x + random.randint(-12, 12)))) for y in range(180) for x in range(240)])
        photo.save(folder + '/photo.png')
        for name, count in (('flat2', 2), ('flat4', 4), ('flat12', 12)):
            flat = Image.new('RGB', (160, 120), (250, 250, 250))
            draw = ImageDraw.Draw(flat)
            colours = [(250, 250, 250), (20, 30, 200), (200, 40, 40), (30, 160, 60), (240, 200, 0), (120, 0, 120),
                       (0, 140, 140), (90, 90, 90), (255, 128, 0), (10, 10, 10), (180, 180, 255), (128, 64, 0)][:count]
            for i, colour in enumerate(colours[1:]):
                draw.rectangle([10 + 12 * i, 8 + 9 * i, 40 + 12 * i, 50 + 5 * i], fill=colour)
            flat.save(folder + '/' + name + '.png')
        flat = Image.new('RGBA', (160, 120), (0, 0, 0, 0))
        draw = ImageDraw.Draw(flat)
        for i, colour in enumerate([(200, 100, 50, 20), (10, 200, 90, 128), (250, 250, 0, 200), (90, 20, 160, 255),
                                    (255, 255, 255, 7), (30, 30, 30, 60)]):
            draw.rectangle([8 + 20 * i, 10 + 12 * i, 50 + 15 * i, 60 + 8 * i], fill=colour)
        flat.save(folder + '/flat-translucent.png')
        grey = Image.new('L', (256, 192))
        grey.putdata([x for y in range(192) for x in range(256)])
        grey.save(folder + '/grey.png')
        alpha = Image.new('RGBA', (240, 180))
        alpha.putdata([(x, 255 - y, (x * y) % 256,
                        max(0, min(255, int(330 - 2.2 * math.hypot(x - 120, y - 90))))) for y in range(180) for x in range(240)])
        alpha.save(folder + '/alpha.png')
        sys.exit(0)

    def chunks(path):
        data = open(path, 'rb').read()
        at, found = 8, {}
        while at < len(data):
            length, kind = struct.unpack('>I4s', data[at:at + 8])
            found.setdefault(kind.decode(), data[at + 8:at + 8 + length])
            at += 12 + length
        return found

    def rgba(path):
        im = Image.open(path)
        mode = im.mode
        pixels = list(im.convert('RGBA').getdata())
        return mode, [(0, 0, 0, 0) if p[3] == 0 else p for p in pixels]

    for job in sys.argv[3:]:
        palette_path, truecolour_path = (folder + '/' + p for p in job.split(':'))
        c = chunks(palette_path)
        mode, p = rgba(palette_path)
        _, t = rgba(truecolour_path)
        squared = sum(((a[i] * a[3] - b[i] * b[3]) / 255.0) ** 2 for a, b in zip(p, t) for i in range(3))
        squared += sum((a[3] - b[3]) ** 2 for a, b in zip(p, t))
        alpha = [abs(a[3] - b[3]) for a, b in zip(p, t)]
        indices = Image.open(palette_path).getdata()
        print(json.dumps({'mode': mode, 'colour_type': c['IHDR'][9], 'bit_depth': c['IHDR'][8],
                          'entries': len(c.get('PLTE', b'')) // 3, 'trns': len(c.get('tRNS', b'')),
                          'max_index': max(indices), 'size': Image.open(palette_path).size,
                          'psnr': 99.0 if squared == 0 else 10 * math.log10(255.0 ** 2 * 4 * len(p) / squared),
                          'max_alpha_error': max(alpha), 'mean_alpha_error': sum(alpha) / len(alpha),
                          'exact': p == t, 'truecolour_colours': len(set(t))}))
    """#

    /// One output compared: what Pillow and the chunks say.
    struct Reading {
        var mode: String
        var colourType: Int
        var bitDepth: Int
        var entries: Int
        var tRNS: Int
        var maxIndex: Int
        var psnr: Double
        var maxAlphaError: Int
        var meanAlphaError: Double
        var exact: Bool
        var truecolourColours: Int
    }

    /// One kind of input: the file, the fit and the palette asked, and what the output must meet.
    struct Kind: CustomStringConvertible, Sendable {
        var name: String
        var input: String
        var arguments: [String]
        var colours: Int
        var exact = false
        var bitDepth = 8
        var minPSNR = 0.0
        var alpha = false
        var maxMeanAlphaError = 0.0
        var description: String { name }
    }

    static let kinds: [Kind] = [
        // the PSNR floors are 1.5 dB under what these images measured, the alpha bounds a little over; on the
        // photo, partial-alpha and corner ones pngquant 2.17 measured at most 0.6 dB more (docs/png-palette.md)
        Kind(name: "photo 256", input: "photo.png", arguments: ["-r", "4:3", "-w", "200"], colours: 256, minPSNR: 33.4),
        Kind(name: "photo 64", input: "photo.png", arguments: ["-r", "4:3", "-w", "200"], colours: 64, minPSNR: 26.8),
        Kind(name: "flat 2", input: "flat2.png", arguments: ["-r", "4:3", "-w", "160"], colours: 2, exact: true, bitDepth: 1),
        Kind(name: "flat 4", input: "flat4.png", arguments: ["-r", "4:3", "-w", "160"], colours: 4, exact: true, bitDepth: 2),
        Kind(name: "flat 12 in 16", input: "flat12.png", arguments: ["-r", "4:3", "-w", "160"], colours: 16, exact: true, bitDepth: 4),
        Kind(name: "flat 12 in 12", input: "flat12.png", arguments: ["-r", "4:3", "-w", "160"], colours: 12, exact: true, bitDepth: 4),
        Kind(name: "flat translucent 8", input: "flat-translucent.png", arguments: ["-r", "4:3", "-w", "160"], colours: 8,
             exact: true, bitDepth: 4, alpha: true),
        Kind(name: "grey ramp 256", input: "grey.png", arguments: ["-r", "4:3", "-w", "256"], colours: 256, exact: true),
        Kind(name: "grey ramp 16", input: "grey.png", arguments: ["-r", "4:3", "-w", "256"], colours: 16, bitDepth: 4, minPSNR: 32.8),
        Kind(name: "partial alpha", input: "alpha.png", arguments: ["-r", "4:3", "-w", "200"], colours: 256, minPSNR: 28.5,
             alpha: true, maxMeanAlphaError: 7.5),
        Kind(name: "corners", input: "photo.png", arguments: ["-r", "4:3", "-w", "200", "--radius", "24"], colours: 128,
             minPSNR: 30, alpha: true, maxMeanAlphaError: 0.3),
        Kind(name: "16-bit RGB", input: "pngsuite/basn2c16.png", arguments: ["-r", "1:1", "-w", "24"], colours: 64, minPSNR: 28.5),
        Kind(name: "16-bit RGBA", input: "pngsuite/basn6a16.png", arguments: ["-r", "1:1", "-w", "24"], colours: 256, minPSNR: 42.8,
             alpha: true, maxMeanAlphaError: 0.5),
    ]

    /// A sandbox with the drawn inputs and the two 16-bit PngSuite files.
    static func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        let made = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", oracle, "make", sandbox.root.path])
        #expect(made.status == 0, "\(made.stderr)")
        try sandbox.copy("pngsuite/basn2c16.png", to: "pngsuite/basn2c16.png")
        try sandbox.copy("pngsuite/basn6a16.png", to: "pngsuite/basn6a16.png")
        return sandbox
    }

    /// Pillow's readings of `pairs` (palette output, truecolour output), in order.
    static func read(_ sandbox: Sandbox, _ pairs: [(String, String)]) throws -> [Reading] {
        let result = try ExternalTool.run(try ExternalTool.path("python3"),
                                          ["-c", oracle, "read", sandbox.root.path] + pairs.map { "\($0.0):\($0.1)" })
        #expect(result.status == 0, "\(result.stderr)")
        return try String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Reading(mode: o["mode"] as! String, colourType: o["colour_type"] as! Int, bitDepth: o["bit_depth"] as! Int,
                           entries: o["entries"] as! Int, tRNS: o["trns"] as! Int, maxIndex: o["max_index"] as! Int,
                           psnr: o["psnr"] as! Double, maxAlphaError: o["max_alpha_error"] as! Int,
                           meanAlphaError: o["mean_alpha_error"] as! Double, exact: o["exact"] as! Bool,
                           truecolourColours: o["truecolour_colours"] as! Int)
        }
    }

    @Test func everyKindOfInputIsWrittenIndexed() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.sandbox()
        var pairs: [(String, String)] = []
        for (i, kind) in Self.kinds.enumerated() {
            let truecolour = try sandbox.run(kind.arguments + ["--png-depth", "8", "-o", "t\(i).png", kind.input])
            let indexed = try sandbox.run(kind.arguments + ["--png-palette", "\(kind.colours)", "--json", "-o", "p\(i).png", kind.input])
            #expect(truecolour.status == 0 && indexed.status == 0, "\(kind): \(truecolour.stderr) \(indexed.stderr)")
            #expect(indexed.jsonLines.first?["palette_colours"] as? Int == kind.colours, "\(kind)")
            pairs.append(("p\(i).png", "t\(i).png"))
        }
        for (kind, r) in zip(Self.kinds, try Self.read(sandbox, pairs)) {
            #expect(r.mode == "P" && r.colourType == 3, "\(kind): \(r)")
            #expect(r.entries <= kind.colours && r.maxIndex < r.entries, "\(kind): \(r)")
            #expect(r.bitDepth == kind.bitDepth, "\(kind): \(r)")
            if kind.exact {
                #expect(r.truecolourColours <= kind.colours && r.exact && r.entries == r.truecolourColours, "\(kind): \(r)")
            } else {
                #expect(r.psnr >= kind.minPSNR, "\(kind): \(r.psnr) dB")
            }
            #expect((r.tRNS > 0) == kind.alpha, "\(kind): \(r)")
            #expect(r.meanAlphaError <= kind.maxMeanAlphaError, "\(kind): \(r)")
        }
    }

    /// In a variant, beside a truecolour one; `off` turns the command line's palette off.
    @Test func variantsHaveTheirOwnPalette() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.sandbox()
        let result = try sandbox.run(["-r", "4:3", "--png-palette", "default", "--json", "--variant", "-w 160 -o a.png",
                                      "--variant", "-w 120 -o b.png --png-palette 16", "--variant", "-w 100 -o c.png --png-palette off",
                                      "photo.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let colours = result.jsonLines.filter { $0["input"] != nil }.map { $0["palette_colours"] as? Int }
        #expect(colours == [256, 16, nil], "\(result.stdoutText)")
        let types = try ["a.png", "b.png", "c.png"].map { Int(try sandbox.data($0)[25]) }
        #expect(types == [3, 3, 2])
    }

    /// `--max-bytes` on a PNG the level-12 truecolour encode cannot fit: a budget a 256-colour
    /// palette fits takes it (three encodes: as asked, level 12, the palette), a smaller one fewer
    /// colours, not under the floor; under the floor's size the output fails naming it, writing nothing.
    @Test func aByteBudgetQuantisesAsALastResort() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Self.sandbox()
        let shape = ["-r", "4:3", "-w", "200", "--json", "--overwrite"]
        func run(_ extra: [String], _ name: String) throws -> (record: [String: Any], file: Data?) {
            let result = try sandbox.run(shape + extra + ["-o", name, "photo.png"])
            let record = try #require(result.jsonLines.first, "\(result.stderr)")
            return (record, sandbox.exists(name) ? try sandbox.data(name) : nil)
        }
        let at256 = try #require(try run(["--png-palette", "256", "--png-compression", "9"], "p256.png").file)
        let full = try run(["--max-bytes", "\(at256.count)"], "full.png")
        #expect(full.record["palette_colours"] as? Int == 256 && full.record["encodes"] as? Int == 3, "\(full.record)")
        #expect(try #require(full.file).count <= at256.count)
        let at64 = try #require(try run(["--png-palette", "64", "--png-compression", "9"], "p64.png").file)
        let fewer = try run(["--max-bytes", "\(at64.count)", "--min-quality", "20"], "fewer.png")
        let chosen = try #require(fewer.record["palette_colours"] as? Int, "\(fewer.record)")
        let fewerFile = try #require(fewer.file)
        #expect((51..<256).contains(chosen) && fewerFile.count <= at64.count, "\(fewer.record)")
        let readings = try Self.read(sandbox, [("full.png", "p256.png"), ("fewer.png", "p256.png")])
        #expect(readings[0].exact, "level 12 and level 9 hold the same pixels")
        #expect(readings[1].entries <= chosen && readings[1].colourType == 3)
        let under = try run(["--max-bytes", "2K"], "under.png")
        let prefix = "no encode fits --max-bytes 2048: the smallest, at --min-quality 30 (a palette of 77 colours), is "
        #expect((under.record["error"] as? String)?.hasPrefix(prefix) == true && under.file == nil, "\(under.record)")
    }

    @Test func paletteValuesAreChecked() throws {
        let sandbox = try Sandbox()
        for (arguments, message) in [(["--png-palette", "1"], "invalid value '1'"), (["--png-palette", "257"], "invalid value '257'"),
                                     (["--png-palette", "many"], "invalid value 'many'"),
                                     (["--png-palette", "8", "--png-depth", "16"], "--png-palette")] {
            let result = try sandbox.run(["-w", "32"] + arguments + ["in.png"])
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
