import AspectFit
import Foundation
import Testing
import TestSupport

/// Every CLI option reaches the pixels and the bytes: each run of the real binary is compared
/// with the library run on the same `FitOptions` (whose effect the library tests check against
/// independent references) and must differ from the run without the option; encoder options are
/// checked in the bytes by parsing JPEG markers here and with pngcheck and djpeg.
@Suite(.tags(.pipeline)) struct OptionEffectTests {
    static let photo = "photos/harvesters-1165x859.jpg"
    static let alphaPhoto = "photos/nasa-astronaut-rgba-852x567.png"

    /// Runs the binary on `input` (a corpus file) with `arguments` and returns the output bytes.
    static func output(_ input: String, _ arguments: [String], as name: String = "out.jpg") throws -> [UInt8] {
        let sandbox = try Sandbox()
        let ext = (input as NSString).pathExtension
        try sandbox.copy(input, to: "in.\(ext)")
        let result = try sandbox.run(arguments + ["-o", name, "in.\(ext)"])
        guard result.status == 0 else { throw Failure("\(arguments): exit \(result.status): \(result.stderr)") }
        return [UInt8](try sandbox.data(name))
    }

    struct Failure: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }

    static func library(_ input: String, _ configure: (inout FitOptions) throws -> Void) throws -> [UInt8] {
        var options = FitOptions()
        try configure(&options)
        return try Pipeline(options: options).run(try ImageFile.read(path: Corpus.path(input))).bytes
    }

    /// One option: the run without it (`base`), the option's own arguments, the FitOptions the
    /// two together mean, and the output name (format).
    struct Option: CustomStringConvertible, Sendable {
        var base = ["-r", "4:3", "-w", "160"]
        var option: [String]
        /// The run to differ from, when not `base` alone (-H needs a size to replace).
        var without: [String]? = nil
        var name = "out.jpg"
        var input = OptionEffectTests.photo
        var configure: @Sendable (inout FitOptions) throws -> Void
        var description: String { option.joined(separator: " ") }
    }

    static func r43w160(_ o: inout FitOptions) { o.ratio = .fourToThree; o.size = .width(160) }
    static func r11w160(_ o: inout FitOptions) { o.ratio = .square; o.size = .width(160) }

    static let options: [Option] = [
        Option(base: ["-r", "4:3"], option: ["-H", "120"], without: ["-r", "4:3", "-w", "120"]) { $0.ratio = .fourToThree; $0.size = .height(120) },
        Option(base: [], option: ["-s", "150x60"], without: ["-w", "150"]) { $0.size = .size(width: 150, height: 60) },
        Option(base: ["-r", "4:3"], option: ["--max", "130"], without: ["-r", "4:3", "-w", "120"]) { $0.ratio = .fourToThree; $0.size = .longEdge(130) },
        Option(base: ["-r", "4:3", "-w", "2000"], option: ["--no-enlarge"]) { $0.ratio = .fourToThree; $0.size = .width(2000); $0.enlarge = false },
        Option(base: ["-r", "16:9", "-w", "160"], option: ["-g", "north"]) { $0.ratio = .sixteenToNine; $0.size = .width(160); $0.gravity = .north },
        Option(base: ["-r", "1:1", "-w", "160"], option: ["-g", "east"]) { r11w160(&$0); $0.gravity = .east },
        Option(base: ["-r", "1:1", "-w", "160"], option: ["--focus", "0.3,0.5"]) { r11w160(&$0); $0.gravity = .focus(x: 0.3, y: 0.5) },
        Option(base: ["-r", "3:1", "-w", "160"], option: ["-g", "attention"], input: "photos/unsplash-kayak-iptc-xmp.jpg") {
            $0.ratio = try .custom(width: 3, height: 1); $0.size = .width(160); $0.gravity = .attention
        },
        Option(base: ["-r", "3:1", "-w", "160"], option: ["-g", "entropy"]) {
            $0.ratio = try .custom(width: 3, height: 1); $0.size = .width(160); $0.gravity = .entropy
        },
        Option(base: ["-r", "1:1", "-w", "160"], option: ["--fit", "contain"]) { r11w160(&$0); $0.fit = .contain },
        Option(base: ["-r", "1:1", "-w", "160", "-f", "png"], option: ["--fit", "contain"], name: "out.png") {
            r11w160(&$0); $0.fit = .contain; $0.format = .png
        },
        Option(option: ["--linear"]) { r43w160(&$0); $0.linearLight = true },
        Option(option: ["--sharpen", "default"]) { r43w160(&$0); $0.sharpen = .mild },
        Option(base: ["-r", "4:3", "-w", "160", "-f", "png"], option: ["--sharpen", "0.7,1.5"], name: "out.png", input: alphaPhoto) {
            r43w160(&$0); $0.format = .png; $0.sharpen = try Sharpen(sigma: 0.7, amount: 1.5)
        },
        Option(base: ["-r", "4:3", "-w", "160", "-f", "png"], option: ["--radius", "40"], name: "out.png") {
            r43w160(&$0); $0.cornerRadius = .pixels(40); $0.format = .png
        },
        Option(base: ["-r", "4:3", "-w", "160", "-f", "png", "--radius", "40"], option: ["--corners", "continuous"], name: "out.png") {
            r43w160(&$0); $0.cornerRadius = .pixels(40); $0.cornerStyle = .continuous; $0.format = .png
        },
        Option(base: ["-r", "4:3", "-w", "160", "-f", "jpeg", "--radius", "25%"], option: ["--background", "#00ff00"]) {
            r43w160(&$0); $0.cornerRadius = .percent(25); $0.background = try RGBColor(parsing: "#00ff00"); $0.format = .jpeg
        },
        Option(base: ["-r", "4:3", "-w", "160", "-f", "jpeg"], option: ["--background", "#0000ff"], input: alphaPhoto) {
            r43w160(&$0); $0.background = try RGBColor(parsing: "#0000ff"); $0.format = .jpeg
        },
        Option(option: ["-q", "40"]) { r43w160(&$0); $0.jpeg.quality = 40 },
        Option(base: ["-r", "4:3", "-w", "160", "--jpeg-encoder", "turbo"], option: ["--progressive"]) {
            r43w160(&$0); $0.jpeg.encoder = .turbo; $0.jpeg.progressive = true
        },
        // the trellis encoder chooses progressive scans by size: at 48 pixels wide sequential is smaller
        Option(base: ["-r", "4:3", "-w", "48", "--jpeg-encoder", "trellis"], option: ["--progressive"]) {
            $0.ratio = .fourToThree; $0.size = .width(48); $0.jpeg.encoder = .trellis; $0.jpeg.progressive = true
        },
        Option(option: ["--chroma444"]) { r43w160(&$0); $0.jpeg.chroma = .full444; $0.avif.chroma = .full444 },
        Option(base: ["-r", "4:3", "-w", "160", "--jpeg-encoder", "turbo"], option: ["--optimize-huffman"]) {
            r43w160(&$0); $0.jpeg.encoder = .turbo; $0.jpeg.optimizeHuffman = true
        },
        Option(option: ["--jpeg-encoder", "trellis"]) { r43w160(&$0); $0.jpeg.encoder = .trellis },
        Option(base: ["-r", "4:3", "-w", "160", "--jpeg-encoder", "trellis"], option: ["--jpeg-encoder", "turbo"]) {
            r43w160(&$0); $0.jpeg.encoder = .turbo
        },
        Option(base: ["-r", "4:3", "-w", "160", "-f", "png"], option: ["--png-compression", "9"], name: "out.png") {
            r43w160(&$0); $0.format = .png; $0.png.compressionLevel = 9
        },
        Option(base: ["-r", "4:3", "-w", "160", "-f", "png"], option: ["--fast-png"], name: "out.png") {
            r43w160(&$0); $0.format = .png; $0.png.compressionLevel = 1
        },
        Option(option: ["--strip"], input: "jpeg/icc-display-p3.jpg") { r43w160(&$0); $0.keepICCProfile = false },
        Option(option: ["--keep-metadata"], input: "photos/iphone-xs-p3-orientation6-4032x3024.jpg") { r43w160(&$0); $0.keepMetadata = .all },
        Option(option: ["--keep-copyright"], input: "jpeg/icc-display-p3.jpg") { r43w160(&$0); $0.keepMetadata = .copyright },
    ] + Filter.allCases.filter { $0 != .lanczos3 }.map { filter in
        Option(option: ["--filter", filter.rawValue]) { r43w160(&$0); $0.filter = filter }
    }

    /// The binary with the option writes exactly the library's bytes for those options, and
    /// something else than without the option (so an ignored option cannot pass).
    @Test func everyOptionGivesTheLibrarysBytesAndChangesThem() throws {
        guard try Corpus.require() else { return }
        for option in Self.options {
            let marked = try Self.output(option.input, option.base + option.option, as: option.name)
            let unmarked = try #require(WriterMarkOracle.unmarked(marked), "\(option): no mark")
            #expect(unmarked.valid, "\(option): the mark's checksum does not match the file")
            let cli = unmarked.bytes
            let expected = try Self.library(option.input, option.configure)
            #expect(Bytes(cli) == Bytes(expected), "\(option): the CLI's bytes (without their mark) differ from the library's")
            let without = try WriterMarkOracle.unmarked(Self.output(option.input, option.without ?? option.base, as: option.name))?.bytes
            #expect(cli != without, "\(option) changes nothing")
        }
    }

    /// A pure clip (-r 1:1 with no size) keeps source pixels untouched, so the kept region can be
    /// read off the source: the columns gravity and focus name, to the pixel.
    @Test(arguments: [(["-g", "west"], 0), (["-g", "east"], 285), (["-g", "centre"], 142), (["--focus", "0.45,0.5"], 100),
                      (["--focus", "0.9,0.1"], 285), (["--focus", "0,1"], 0)])
    func gravityAndFocusKeepTheNamedColumns(_ arguments: [String], _ firstColumn: Int) throws {
        guard try Corpus.require() else { return }
        let source = try ImageFile.decode(try ImageFile.read(path: Corpus.path(Self.alphaPhoto))).pixels   // 852 x 567
        let output = try ImageFile.decode(try Self.output(Self.alphaPhoto, ["-r", "1:1"] + arguments, as: "out.png")).pixels
        #expect(output.width == 567 && output.height == 567)
        let ch = source.layout.channels
        var same = output.layout == source.layout
        for y in 0 ..< 567 where same {
            let s = y * source.bytesPerRow + firstColumn * ch, o = y * output.bytesPerRow
            same = source.bytes[s ..< s + 567 * ch].elementsEqual(output.bytes[o ..< o + 567 * ch])
        }
        #expect(same, "\(arguments): not columns \(firstColumn)..<\(firstColumn + 567) of the source")
    }

    /// -q sets libjpeg's quality scaling of the tables: under `--jpeg-encoder turbo` the Annex K
    /// luminance table's first entry is 16 at quality 50 and (16 * (200 - 2q) + 50) / 100 above it:
    /// 5 at 85, 2 at 95; the trellis encoder's (12, scaled 0.8 times as much) is 10, 3 and 1.
    @Test(arguments: [("turbo", [16, 5, 2]), ("trellis", [10, 3, 1])])
    func qualityScalesTheQuantisationTables(encoder: String, firsts: [Int]) throws {
        guard try Corpus.require() else { return }
        var sizes: [Int] = []
        for (quality, first) in zip([50, 85, 95], firsts) {
            let bytes = try Self.output(Self.photo, ["-r", "4:3", "-w", "320", "-q", "\(quality)", "--jpeg-encoder", encoder])
            let markers = try #require(JPEGMarkers(bytes))
            #expect(markers.firstQuantisationTable.first == first, "\(encoder) -q \(quality)")
            sizes.append(bytes.count)
        }
        let defaultRun = try #require(JPEGMarkers(try Self.output(Self.photo, ["-r", "4:3", "-w", "320", "--jpeg-encoder", encoder])))
        #expect(defaultRun.firstQuantisationTable.first == firsts[1], "default quality 85")
        #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2], "\(sizes)")
    }

    @Test func progressiveChromaAndHuffmanShowInTheMarkers() throws {
        guard try Corpus.require() else { return }
        let turbo = ["-r", "4:3", "-w", "320", "--jpeg-encoder", "turbo"]
        let plain = try #require(JPEGMarkers(try Self.output(Self.photo, turbo)))
        #expect(plain.frameMarker == 0xC0)
        #expect(plain.samplingFactors.map { [$0.0, $0.1] } == [[2, 2], [1, 1], [1, 1]], "default is 4:2:0")
        // The default Huffman tables are the standard ones (ITU T.81 Annex K.3, luminance DC).
        #expect(plain.huffmanCounts[0x00] == [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0])

        let progressive = try #require(JPEGMarkers(try Self.output(Self.photo, turbo + ["--progressive"])))
        #expect(progressive.frameMarker == 0xC2)
        let full = try #require(JPEGMarkers(try Self.output(Self.photo, ["-r", "4:3", "-w", "320", "--chroma444"])))
        #expect(full.samplingFactors.map { [$0.0, $0.1] } == [[1, 1], [1, 1], [1, 1]])
        let optimized = try Self.output(Self.photo, turbo + ["--optimize-huffman"])
        let optimizedMarkers = try #require(JPEGMarkers(optimized))
        #expect(optimizedMarkers.huffmanCounts[0x00] != plain.huffmanCounts[0x00], "optimized tables are the image's own")
        #expect(optimized.count < (try Self.output(Self.photo, turbo)).count)
    }

    /// Chroma follows the quality unless told: 4:2:0 below 90, 4:4:4 from 90 (vipsthumbnail's rule,
    /// measured in docs/quality.md); `--chroma444` and `--chroma420` force either at any quality.
    @Test(arguments: [(["-q", "85"], true), (["-q", "89"], true), (["-q", "90"], false), (["-q", "97"], false),
                      (["-q", "70", "--chroma444"], false), (["-q", "95", "--chroma420"], true), (["-q", "90", "--chroma420"], true)])
    func chromaFollowsTheQualityUnlessTold(arguments: [String], subsampled: Bool) throws {
        guard try Corpus.require() else { return }
        let markers = try #require(JPEGMarkers(try Self.output(Self.photo, ["-r", "4:3", "-w", "320"] + arguments)))
        #expect(markers.samplingFactors.map { [$0.0, $0.1] } == (subsampled ? [[2, 2], [1, 1], [1, 1]] : [[1, 1], [1, 1], [1, 1]]))
    }

    /// A variant's chroma flag replaces the command line's: `--chroma444` outside, `--chroma420` in one variant.
    @Test func aVariantsChromaFlagReplacesTheCommandLines() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.photo, to: "in.jpg")
        let result = try sandbox.run(["-r", "4:3", "-w", "320", "-q", "95", "--chroma444", "--variant", "--chroma420 -o a/",
                                      "--variant", "-o b/", "in.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        let a = try #require(JPEGMarkers([UInt8](try sandbox.data("a/in.jpg"))))
        let b = try #require(JPEGMarkers([UInt8](try sandbox.data("b/in.jpg"))))
        #expect(a.samplingFactors.map { [$0.0, $0.1] } == [[2, 2], [1, 1], [1, 1]])
        #expect(b.samplingFactors.map { [$0.0, $0.1] } == [[1, 1], [1, 1], [1, 1]])
    }

    /// The zlib header's FLEVEL (RFC 1950) records the level class: 0 for levels 0-1 (--fast-png
    /// is level 1), 1 for 2-5, 3 for 7-9; every row is AVG- or PAETH-filtered at any level
    /// (pngcheck lists the row filters).
    @Test func pngCompressionAndRowFiltersShowInTheFile() throws {
        guard try Corpus.require() else { return }
        for (arguments, flevel) in [([String](), 1), (["--png-compression", "0"], 0), (["--png-compression", "9"], 3),
                                    (["--fast-png"], 0), (["--png-compression", "2"], 1)] {
            let bytes = try Self.output(Self.photo, ["-r", "4:3", "-w", "200", "-f", "png"] + arguments, as: "out.png")
            let idat = try #require(Self.firstChunk("IDAT", in: bytes))
            #expect(Int(bytes[idat + 1] >> 6) == flevel, "\(arguments)")
        }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.photo, to: "in.jpg")
        for arguments in [[], ["--fast-png"]] {
            #expect(try sandbox.run(["-r", "4:3", "-w", "200", "-f", "png", "-o", "out.png"] + arguments + ["in.jpg"]).status == 0)
            let (process, out, err) = try CommandRunner.start(["-vv", "out.png"], in: sandbox.root,
                                                              executable: ExternalTool.url("pngcheck"))
            let check = CommandRunner.finish(process, out, err)
            #expect(check.status == 0, "\(check.stdoutText)")
            let filters = Self.rowFilters(check.stdoutText)
            #expect(filters.count >= 20, "pngcheck lists the rows of the first IDAT")
            #expect(Set(filters).isSubset(of: [3, 4]), "\(arguments): AVG or PAETH, not \(Set(filters))")
        }
    }

    /// Offset of the data of the first `type` chunk of a PNG.
    static func firstChunk(_ type: String, in d: [UInt8]) -> Int? {
        var i = 8
        while i + 8 <= d.count {
            let length = Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3])
            if String(decoding: d[i + 4 ..< i + 8], as: UTF8.self) == type { return i + 8 }
            i += 12 + length
        }
        return nil
    }

    /// The row filter types pngcheck -vv prints after "row filters".
    static func rowFilters(_ text: String) -> [Int] {
        guard let start = text.range(of: "row filters") else { return [] }
        var filters: [Int] = []
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let first = trimmed.first, first.isNumber else { break }
            filters += trimmed.split(separator: " ").prefix { $0.allSatisfy(\.isNumber) }.compactMap { Int($0) }
        }
        return filters
    }

    /// Comments never reach the output; EXIF, XMP and IPTC (APP13) only with --keep-metadata,
    /// orientation reset to 1; the ICC profile unless --strip. JPEG and PNG alike.
    @Test func metadataInAndOutOfBothFormats() throws {
        guard try Corpus.require() else { return }
        let kayak = "photos/unsplash-kayak-iptc-xmp.jpg"
        let source = try #require(JPEGMarkers([UInt8](try Data(contentsOf: URL(fileURLWithPath: Corpus.path(kayak))))))
        #expect(source.hasApp(1, "http://ns.adobe.com/xap/1.0/") && source.hasApp(13, "Photoshop 3.0"), "the corpus file has XMP and IPTC")
        for arguments in [[String](), ["--keep-metadata"]] {
            let out = try #require(JPEGMarkers(try Self.output(kayak, ["-r", "1:1", "-w", "64"] + arguments)))
            let keeps = !arguments.isEmpty
            #expect(out.hasApp(1, "http://ns.adobe.com/xap/1.0/") == keeps, "\(arguments): XMP")
            #expect(out.hasApp(13, "Photoshop 3.0") == keeps, "\(arguments): IPTC")
            #expect(out.all(0xFE).map { String(decoding: $0.payload.prefix(10), as: UTF8.self) } == ["aspectfit "],
                    "\(arguments): a comment kept, or aspectfit's mark missing")
        }
        // EXIF orientation 6 in, upright pixels and orientation 1 out (exiftool reads the tag).
        let iphone = "photos/iphone-xs-p3-orientation6-4032x3024.jpg"
        let sandbox = try Sandbox()
        try sandbox.copy(iphone, to: "in.jpg")
        for (arguments, name) in [(["--keep-metadata"], "k.jpg"), (["--keep-metadata", "-f", "png"], "k.png"),
                                  ([], "d.jpg"), (["-f", "png"], "d.png"), (["--strip", "-f", "png"], "s.png")] {
            #expect(try sandbox.run(["-r", "3:4", "-w", "60", "-o", name] + arguments + ["in.jpg"]).status == 0)
            let (process, out, err) = try CommandRunner.start(["-s", "-s", "-s", "-Orientation#", "-ICC_Profile:ProfileDescription", name],
                                                              in: sandbox.root, executable: ExternalTool.url("exiftool"))
            let lines = CommandRunner.finish(process, out, err).stdoutText.split(separator: "\n").map(String.init)
            let keeps = arguments.contains("--keep-metadata"), strips = arguments.contains("--strip")
            #expect(lines.contains("1") == keeps, "\(name): orientation \(lines)")
            #expect(lines.contains("Display P3") == !strips, "\(name): ICC \(lines)")
            let header = try #require(ImageHeader(file: sandbox.url(name)))
            #expect(header.width == 60 && header.height == 80, "\(name) upright")
            if name.hasSuffix(".png") {
                let bytes = [UInt8](try sandbox.data(name))
                #expect((Self.firstChunk("iCCP", in: bytes) != nil) == !strips, "\(name) iCCP")
                #expect((Self.firstChunk("eXIf", in: bytes) != nil) == keeps, "\(name) eXIf")
            }
        }
    }

    /// JSON records carry the plan's values: source size and format, the fractional centre crop
    /// (s = max(64/1165, 48/859) = 48/859: crop 1145.33 x 859 at x = 9.83), decode scale 8
    /// (1145.33 / 8 / 64 >= 2), output size, format and byte count.
    @Test func jsonRecordsCarryThePlansValues() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.photo, to: "in/a.jpg")
        try sandbox.copy(Self.alphaPhoto, to: "in/b.png")
        let result = try sandbox.run(["--json", "-r", "4:3", "-w", "64", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.jsonLines
        try #require(lines.count == 3)
        let a = lines[0], b = lines[1]
        #expect(a["source_width"] as? Int == 1165 && a["source_height"] as? Int == 859)
        #expect(a["source_format"] as? String == "jpeg" && a["output_format"] as? String == "jpeg")
        #expect(a["orientation"] as? Int == 1 && a["decode_scale"] as? Int == 4)   // 1/8 would leave 2.24 < 2.5
        let crop = try #require(a["crop"] as? [String: Double])
        let width = 64 * 859 / 48.0
        #expect(abs(crop["width"]! - width) < 0.01 && crop["height"] == 859)
        #expect(abs(crop["x"]! - (1165 - width) / 2) < 0.01 && crop["y"] == 0)
        #expect(a["output_width"] as? Int == 64 && a["output_height"] as? Int == 48)
        #expect(a["bytes"] as? Int == (try sandbox.data("out/a.jpg")).count)
        #expect(b["source_format"] as? String == "png" && b["output_format"] as? String == "png" && b["decode_scale"] as? Int == 1)
        #expect(b["source_width"] as? Int == 852 && b["source_height"] as? Int == 567)
        #expect((b["warnings"] as? [Any])?.isEmpty == true && a["status"] as? String == "ok")
        #expect(lines[2]["ok"] as? Int == 2 && lines[2]["total"] as? Int == 2)
    }

    /// --max-pixels refuses a source above the limit (exit 1, the reason on stderr) and takes one at it.
    @Test func maxPixelsIsTheSourceLimit() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.photo, to: "in.jpg")   // 1165 x 859 = 1,000,735 px
        let refused = try sandbox.run(["-r", "1:1", "-w", "32", "--max-pixels", "1000734", "-o", "a.jpg", "in.jpg"])
        #expect(refused.status == 1 && refused.stderr.contains("limit") && !sandbox.exists("a.jpg"), "\(refused.stderr)")
        let taken = try sandbox.run(["-r", "1:1", "-w", "32", "--max-pixels", "1000735", "-o", "b.jpg", "in.jpg"])
        #expect(taken.status == 0 && sandbox.exists("b.jpg"), "\(taken.stderr)")
    }

    /// --quiet drops the summary line; errors are still printed.
    @Test func quietDropsTheSummaryButNotErrors() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.photo, to: "in/a.jpg")
        try sandbox.copy(Samples.truncated, to: "in/bad.jpg")
        let loud = try sandbox.run(["-r", "1:1", "-w", "32", "-o", "out1/", "in"])
        let quiet = try sandbox.run(["--quiet", "-r", "1:1", "-w", "32", "-o", "out2/", "in"])
        #expect(loud.status == 1 && quiet.status == 1)
        #expect(quiet.stderr.contains("bad.jpg"), "\(quiet.stderr)")
        #expect(loud.stderr.split(separator: "\n").count > quiet.stderr.split(separator: "\n").count, "loud: \(loud.stderr) quiet: \(quiet.stderr)")
    }

    /// A standard output whose reader has already gone: the first write fails, exit 141 exactly
    /// (the read end is closed before the start, so there is no race to win), also when every image
    /// was done before it (one input: its report line is written after it; the full suite once saw
    /// exit 0 that way with two), and for an image written to standard output. Both ends are
    /// close-on-exec from the start: a process another test spawns meanwhile must not inherit the
    /// read end and keep it open.
    @Test(arguments: [["--json", "-r", "1:1", "-w", "16", "-o", "out/", "in"],
                      ["--json", "-r", "1:1", "-w", "16", "-o", "out/", "in/a.jpg"],
                      ["-r", "1:1", "-w", "16", "-o", "-", "in/a.jpg"]])
    func aClosedPipeExits141(_ arguments: [String]) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.photo, to: "in/a.jpg")
        try sandbox.copy(Self.alphaPhoto, to: "in/b.png")
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = sandbox.root
        // A FIFO, because open(2) takes O_CLOEXEC atomically where Pipe() cannot.
        let fifo = sandbox.root.appendingPathComponent("stdout.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        close(reader)
        try #require(reader >= 0 && writer >= 0)
        let out = FileHandle(fileDescriptor: writer, closeOnDealloc: false)
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try out.close()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        #expect(status == 141, "\(arguments): \(String(decoding: stderr, as: UTF8.self))")
    }

    /// --shard K/N takes the inputs sorted by path bytes, every N-th starting at the K-th (help text).
    @Test func shardKOfNTakesEveryNthSortedInputFromTheKth() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        for name in ["g", "c", "a", "f", "e", "b", "d"] { try sandbox.copy(Samples.jpeg, to: "in/\(name).jpg") }
        for (k, expected) in [(1, ["a.jpg", "d.jpg", "g.jpg"]), (2, ["b.jpg", "e.jpg"]), (3, ["c.jpg", "f.jpg"])] {
            let result = try sandbox.run(["--shard", "\(k)/3", "-r", "1:1", "-w", "16", "-o", "out\(k)/", "in"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(sandbox.files(under: "out\(k)") == expected, "shard \(k)/3")
        }
    }

    /// The auto format: a JPEG whose corners are cut becomes a PNG (name and bytes); without
    /// corners it stays a JPEG.
    @Test func cutCornersTurnAJPEGIntoAPNG() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Self.photo, to: "in.jpg")
        #expect(try sandbox.run(["-r", "1:1", "-w", "64", "--radius", "10", "-o", "rounded/", "in.jpg"]).status == 0)
        #expect(try sandbox.run(["-r", "1:1", "-w", "64", "-o", "square/", "in.jpg"]).status == 0)
        #expect(sandbox.files(under: "rounded") == ["in.png"] && sandbox.files(under: "square") == ["in.jpg"])
        #expect(ImageHeader(file: sandbox.url("rounded/in.png"))?.format == "png")
    }

    /// On a terminal (a pty from script(1)) the bar is drawn unasked; --no-progress turns it off.
    @Test func noProgressSilencesTheBarOnATerminal() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        func onTerminal(_ flags: String, _ out: String) throws -> String {
            try CommandRunner.shell("\(try ExternalTool.path("script")) -qec '\"$ASPECTFIT\" \(flags) -r 1:1 -w 16 -o \(out)/ a.jpg' /dev/null", in: sandbox.root).stdoutText
        }
        #expect(try onTerminal("", "bar").contains("1/1 ["))
        let silent = try onTerminal("--no-progress", "none")
        #expect(!silent.contains("1/1 [") && sandbox.exists("none/a.jpg"), "\(silent)")
    }
}
