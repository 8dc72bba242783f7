import CImageIO
import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// The trellis JPEG encoder (`JPEGEncodeOptions.Encoder.trellis`), by kind: every layout and chroma,
/// sizes down to 1x1 and off the MCU grid, every scan form, decoded by djpeg and Pillow (independent of
/// the encoder); its pixel error against the input beside libjpeg-turbo's; its quantisation tables
/// against the published tables and scaling; its scan choice against both forms written out; metadata
/// byte for byte as the turbo encoder writes it.
@Suite struct TrellisJPEGTests {
    /// A photo (samples/harvesters.jpg, or the grey concert) cropped to `width` x `height` from (x, y).
    static func photo(width: Int, height: Int, gray: Bool = false, x: Int = 40, y: Int = 30) throws -> PixelBuffer {
        let name = gray ? "concert-gray.jpg" : "harvesters.jpg"
        let path = Corpus.projectRoot.appendingPathComponent("samples").appendingPathComponent(name).path
        let source = try ImageFile.decode(ImageFile.read(path: path)).pixels
        var crop = try PixelBuffer(width: width, height: height, layout: source.layout)
        let channels = source.layout.channels
        for row in 0 ..< height {
            let from = (y + row) * source.bytesPerRow + x * channels
            crop.bytes.replaceSubrange(row * width * channels ..< (row + 1) * width * channels,
                                       with: source.bytes[from ..< from + width * channels])
        }
        return crop
    }

    enum Scans: CaseIterable { case bySize, progressive, sequential }

    /// The C encoder itself, so the scan form can be forced (the library chooses it by size or makes it progressive).
    static func encode(_ image: PixelBuffer, quality: Int, chroma: JPEGEncodeOptions.Chroma, scans: Scans,
                       encoder: cio_jpeg_encoder = CIO_JPEG_TRELLIS) throws -> [UInt8] {
        var options = cio_jpeg_options(quality: Int32(quality), progressive: scans == .progressive ? 1 : 0,
                                       full_chroma: chroma == .full444 ? 1 : 0, optimize_huffman: 1, encoder: encoder,
                                       sequential: scans == .sequential ? 1 : 0)
        let layout = image.layout == .gray8 ? CIO_GRAY8 : CIO_RGB8
        var metadata = cio_metadata()
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = cio_message()
        let status = image.bytes.withUnsafeBufferPointer { pixels in
            var c = cio_image(pixels: pixels.baseAddress, width: UInt32(image.width), height: UInt32(image.height),
                              stride: image.bytesPerRow, layout: layout, sixteen_bit: 0)
            return cio_encode_jpeg(&c, &options, &metadata, &output, &size, &message)
        }
        defer { cio_free(output) }
        guard status == CIO_OK, let output else {
            throw ImageIOError.invalidArgument(withUnsafeBytes(of: message.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    static func temporary(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The scans djpeg reads (`djpeg -verbose`): per scan its components (by index) and Ss, Se, Ah, Al.
    static func scans(of path: String) throws -> [(components: [Int], ss: Int, se: Int, ah: Int, al: Int)] {
        let result = try ExternalTool.run(try ExternalTool.path("djpeg"), ["-verbose", "-verbose", "-outfile", "/dev/null", path])
        #expect(result.status == 0, "\(result.stderr)")
        var scans: [(components: [Int], ss: Int, se: Int, ah: Int, al: Int)] = []
        var components: [Int] = []
        for line in result.stderr.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("Start Of Scan") { components = [] }
            if text.hasPrefix("Component "), text.contains("dc="), let id = Int(text.dropFirst(10).prefix { $0.isNumber }) {
                components.append(id)
            }
            if text.hasPrefix("Ss=") {
                let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                scans.append((components, numbers[0], numbers[1], numbers[2], numbers[3]))
            }
        }
        return scans
    }

    /// Every kind of input and scan form decodes with djpeg (no warning) and Pillow at its own size and
    /// channels, with the requested sampling; djpeg's pixels are the library's own decode; a
    /// progressive script codes every coefficient of every component exactly once.
    @Test func everyKindDecodesWithDjpegAndPillowAtItsSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-trellis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let djpeg = try ExternalTool.path("djpeg")
        let sizes = [(1, 1), (7, 5), (17, 9), (33, 17), (64, 48), (250, 130)]
        let kinds: [(gray: Bool, chroma: JPEGEncodeOptions.Chroma)] = [(true, .subsampled420), (false, .subsampled420), (false, .full444)]
        let qualities = [1, 50, 85, 100]
        var expected: [String: (Int, Int, String)] = [:]
        var n = 0
        for (width, height) in sizes {
            for kind in kinds {
                let image = try Self.photo(width: width, height: height, gray: kind.gray)
                for scans in Scans.allCases {
                    n += 1
                    let quality = qualities[n % qualities.count]
                    let label = "\(width)x\(height) \(kind.gray ? "grey" : "\(kind.chroma)") \(scans) q\(quality)"
                    let jpeg = try Self.encode(image, quality: quality, chroma: kind.chroma, scans: scans)
                    let name = "\(n).jpg"
                    let path = try Self.temporary(jpeg, name, in: folder)
                    let result = try ExternalTool.run(djpeg, ["-pnm", path])
                    #expect(result.status == 0 && result.stderr.isEmpty, "djpeg \(label): \(result.stderr)")
                    let pnm = try Djpeg.parsePNM(result.stdout)
                    #expect(pnm.width == width && pnm.height == height && pnm.channels == image.layout.channels, "\(label)")
                    #expect(try Bytes(pnm.pixels) == Bytes(ImageFile.decode(jpeg).pixels.packedBytes), "\(label)")
                    let markers = try #require(JPEGMarkers(jpeg))
                    let factors = markers.samplingFactors.map { [$0.0, $0.1] }
                    #expect(factors == (kind.gray ? [[1, 1]] : kind.chroma == .full444 ? [[1, 1], [1, 1], [1, 1]] : [[2, 2], [1, 1], [1, 1]]),
                            "\(label)")
                    switch scans {
                    case .sequential: #expect(markers.frameMarker == 0xC0, "\(label)")
                    case .progressive: #expect(markers.frameMarker == 0xC2, "\(label)")
                    case .bySize: #expect(markers.frameMarker == 0xC0 || markers.frameMarker == 0xC2, "\(label)")
                    }
                    if markers.frameMarker == 0xC2 {
                        var coded = Array(repeating: Array(repeating: 0, count: 64), count: image.layout.channels)
                        for scan in try Self.scans(of: path) {
                            #expect(scan.ah == 0 && scan.al == 0, "\(label): successive approximation")
                            for component in scan.components {
                                for k in scan.ss ... scan.se { coded[component - 1][k] += 1 }
                            }
                        }
                        #expect(coded.allSatisfy { $0.allSatisfy { $0 == 1 } }, "\(label): \(coded)")
                    }
                    expected[name] = (width, height, kind.gray ? "L" : "RGB")
                }
            }
        }
        // Pillow: each file's size and mode, all in one interpreter.
        let script = """
            import os, sys
            from PIL import Image
            for name in sorted(os.listdir(sys.argv[1])):
                with Image.open(os.path.join(sys.argv[1], name)) as im:
                    im.load()
                    print(name, im.size[0], im.size[1], im.mode)
            """
        let result = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script, folder.path])
        #expect(result.status == 0, "Pillow: \(result.stderr)")
        var seen = 0
        for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 4, let want = expected[f[0]] else { continue }
            #expect(Int(f[1]) == want.0 && Int(f[2]) == want.1 && f[3] == want.2, "Pillow \(line)")
            seen += 1
        }
        #expect(seen == expected.count, "Pillow read \(seen) of \(expected.count)")
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0
        for (x, y) in zip(a, b) { sum += Double((Int(x) - Int(y)) * (Int(x) - Int(y))) }
        return 10 * log10(255 * 255 / max(sum / Double(a.count), 1e-9))
    }

    /// The error against the input, decoded by djpeg: at each quality and chroma the trellis encoder's
    /// PSNR is within 0.5 dB of libjpeg-turbo's at the same quality (the tables are calibrated to look
    /// alike), and at 85 and 95 its 4:2:0 and grey files are smaller than turbo's with optimal Huffman tables.
    @Test(arguments: [(false, JPEGEncodeOptions.Chroma.subsampled420), (false, .full444), (true, .subsampled420)])
    func pixelErrorIsBoundedAndComparableToTurbo(gray: Bool, chroma: JPEGEncodeOptions.Chroma) throws {
        let image = try Self.photo(width: gray ? 320 : 400, height: gray ? 220 : 300, gray: gray, x: gray ? 40 : 100, y: gray ? 20 : 60)
        let folder = FileManager.default.temporaryDirectory
        for quality in [50, 85, 95] {
            var results: [(bytes: Int, psnr: Double)] = []
            for encoder in [CIO_JPEG_TRELLIS, CIO_JPEG_TURBO] {
                let jpeg = try Self.encode(image, quality: quality, chroma: chroma, scans: .bySize, encoder: encoder)
                let path = try Self.temporary(jpeg, "aspectfit-trellis-\(UUID().uuidString).jpg", in: folder)
                defer { try? FileManager.default.removeItem(atPath: path) }
                let decoded = try Djpeg.decode(path: path)
                results.append((jpeg.count, Self.psnr(decoded.pixels, image.packedBytes)))
            }
            let label = "\(gray ? "grey" : "\(chroma)") q\(quality): trellis \(results[0]), turbo \(results[1])"
            #expect(results[0].psnr >= results[1].psnr - 0.5, "\(label)")
            #expect(results[0].psnr >= (quality == 50 ? 28 : quality == 85 ? 32 : 38), "\(label)")
            // 4:4:4 keeps chroma detail in the finer chroma table that Annex K's throws away: no fewer bytes there
            if quality >= 85, chroma == .subsampled420 { #expect(results[0].bytes < results[1].bytes, "\(label)") }
        }
    }

    /// The tables written are the published ones (mozjpeg's MS-SSIM luma table, N. Robidoux's chroma
    /// table) scaled by libjpeg's quality scaling times 0.8, chroma 1.3 times more, rounded and kept within 1...255.
    @Test(arguments: [1, 20, 50, 85, 90, 100])
    func quantisationTablesAreThePublishedTablesScaled(quality: Int) throws {
        let luma = [12, 17, 20, 21, 30, 34, 56, 63, 18, 20, 20, 26, 28, 51, 61, 55, 19, 20, 21, 26, 33, 58, 69, 55,
                    26, 26, 26, 30, 46, 87, 86, 66, 31, 33, 36, 40, 46, 96, 100, 73, 40, 35, 46, 62, 81, 100, 111, 91,
                    46, 66, 76, 86, 102, 121, 120, 101, 68, 90, 90, 96, 113, 102, 105, 103]
        let chroma = [16, 16, 16, 18, 25, 37, 56, 85, 16, 17, 20, 27, 34, 40, 53, 75, 16, 20, 24, 31, 43, 62, 91, 135,
                      18, 27, 31, 40, 53, 74, 106, 156, 25, 34, 43, 53, 69, 94, 131, 189, 37, 40, 62, 74, 94, 124, 169, 238,
                      56, 53, 91, 106, 131, 169, 226, 311, 85, 75, 135, 156, 189, 238, 311, 418]
        let zigzag = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
                      28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60,
                      61, 54, 47, 55, 62, 63]
        let libjpegScale = quality < 50 ? 5000 / quality : 200 - 2 * quality
        let scale = max(libjpegScale * 8 / 10, 1)
        func scaled(_ table: [Int], _ percent: Int) -> [Int] {
            zigzag.map { min(max((table[$0] * percent + 50) / 100, 1), 255) }
        }
        let jpeg = try Self.encode(try Self.photo(width: 48, height: 32), quality: quality, chroma: .subsampled420, scans: .bySize)
        let markers = try #require(JPEGMarkers(jpeg))
        var tables: [Int: [Int]] = [:]
        for segment in markers.all(0xDB) {
            let p = Array(segment.payload)
            var i = 0
            while i + 65 <= p.count {
                tables[Int(p[i] & 15)] = p[i + 1 ..< i + 65].map(Int.init)
                i += 65
            }
        }
        #expect(tables[0] == scaled(luma, scale), "q\(quality) luma")
        #expect(tables[1] == scaled(chroma, max(scale * 13 / 10, 1)), "q\(quality) chroma")
    }

    /// By size, the encoder writes whichever of one sequential scan and its progressive script is
    /// smaller, within the estimate's slack (its scan headers and padding are counted roughly): on
    /// images where either wins, from a tiny crop to a 600x400 photo.
    @Test func scanChoiceTakesTheSmallerForm() throws {
        var forms: Set<UInt8> = []
        for (width, height, quality) in [(24, 16, 85), (64, 64, 85), (160, 120, 85), (600, 400, 85), (600, 400, 40), (96, 64, 98)] {
            let image = try Self.photo(width: width, height: height, x: 0, y: 0)
            let chosen = try Self.encode(image, quality: quality, chroma: .subsampled420, scans: .bySize)
            let sequential = try Self.encode(image, quality: quality, chroma: .subsampled420, scans: .sequential)
            let progressive = try Self.encode(image, quality: quality, chroma: .subsampled420, scans: .progressive)
            let smaller = min(sequential.count, progressive.count)
            let label = "\(width)x\(height) q\(quality): chosen \(chosen.count), sequential \(sequential.count), progressive \(progressive.count)"
            #expect(chosen.count <= smaller + max(24, smaller / 200), "\(label)")
            #expect(chosen == sequential || chosen == progressive, "\(label)")
            forms.insert(try #require(JPEGMarkers(chosen)?.frameMarker))
        }
        #expect(forms == [0xC0, 0xC2], "both forms are chosen somewhere: \(forms)")
    }

    /// EXIF, XMP, IPTC and an ICC profile come out of the trellis encoder in the same APPn segments,
    /// byte for byte, as out of the turbo encoder, and exiftool reads the same tags from both.
    @Test func metadataIsWrittenAsTheTurboEncoderWritesIt() throws {
        guard try Corpus.require() else { return }
        let source = try ImageFile.read(path: Corpus.path("photos/unsplash-kayak-iptc-xmp.jpg"))
        let info = try ImageFile.probe(source)
        let p3 = try #require(ImageFile.probe(ImageFile.read(path: Corpus.path("jpeg/icc-display-p3.jpg"))).iccProfile)
        let exif = try #require(info.exif)
        let image = try Self.photo(width: 90, height: 70)
        var files: [[UInt8]] = []
        for encoder in JPEGEncodeOptions.Encoder.allCases {
            var warnings: [String] = []
            files.append(try ImageEncoder.encodeJPEG(image, options: JPEGEncodeOptions(encoder: encoder), iccProfile: p3, exif: exif,
                                                     xmp: info.xmp, iptc: info.iptc, warnings: &warnings))
            #expect(warnings.isEmpty, "\(encoder): \(warnings)")
        }
        let markers = try files.map { try #require(JPEGMarkers($0)) }
        let appSegments = markers.map { $0.segments.filter { (0xE0 ... 0xEF).contains($0.marker) }.map { [$0.marker] + Array($0.payload) } }
        #expect(appSegments[0] == appSegments[1], "the APPn segments differ")
        #expect(markers[0].hasApp(1, "Exif\0\0") && markers[0].hasApp(1, "http://ns.adobe.com/xap/1.0/")
            && markers[0].hasApp(13, "Photoshop 3.0") && markers[0].hasApp(2, "ICC_PROFILE"))
        #expect(files[0] != files[1])
        let exiftool = try ExternalTool.path("exiftool")
        var tags: [String] = []
        for (index, file) in files.enumerated() {
            let path = try Self.temporary(file, "aspectfit-trellis-meta-\(index)-\(UUID().uuidString).jpg", in: FileManager.default.temporaryDirectory)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try ExternalTool.run(exiftool, ["-s", "-G1", "-EXIF:all", "-XMP:all", "-IPTC:all", "-ICC_Profile:all", path])
            #expect(result.status == 0)
            tags.append(String(decoding: result.stdout, as: UTF8.self))
        }
        #expect(tags[0] == tags[1] && tags[0].contains("[IPTC]") && tags[0].contains("[ICC-header]"), "\(tags)")
    }

    /// Options from before the encoder choice read as the default encoder; the choice round trips.
    @Test func optionsReadOldJSONAndRoundTripTheEncoder() throws {
        let old = try JSONDecoder().decode(JPEGEncodeOptions.self, from: Data(#"{"quality":70,"progressive":true,"optimizeHuffman":true}"#.utf8))
        #expect(old == JPEGEncodeOptions(quality: 70, progressive: true, optimizeHuffman: true))
        #expect(old.encoder == .turbo)
        let fit = try JSONDecoder().decode(FitOptions.self, from: Data(#"{"jpeg":{"quality":60}}"#.utf8))
        #expect(fit.jpeg.encoder == .turbo && fit.jpeg.quality == 60)
        let trellis = JPEGEncodeOptions(encoder: .trellis)
        #expect(try JSONDecoder().decode(JPEGEncodeOptions.self, from: JSONEncoder().encode(trellis)) == trellis)
        #expect(String(decoding: try JSONEncoder().encode(trellis), as: UTF8.self).contains(#""encoder":"trellis""#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(JPEGEncodeOptions.self, from: Data(#"{"encoder":"mozjpeg"}"#.utf8))
        }
    }

    /// The encoder is the option's: `.trellis` writes its luma table (12 at the top left scaled to 3
    /// at 85), the library's default `.turbo` libjpeg-turbo's Annex K table (16 scaled to 5).
    @Test func theLibraryUsesTheChosenEncoder() throws {
        let image = try Self.photo(width: 80, height: 60)
        let trellis = try ImageEncoder.encodeJPEG(image, options: JPEGEncodeOptions(encoder: .trellis))
        let turbo = try ImageEncoder.encodeJPEG(image)
        #expect(try #require(JPEGMarkers(trellis)).firstQuantisationTable.first == 3)
        #expect(try #require(JPEGMarkers(turbo)).firstQuantisationTable.first == 5)
        #expect(trellis == (try Self.encode(image, quality: 85, chroma: .subsampled420, scans: .bySize)))
        #expect(try #require(JPEGMarkers(try ImageEncoder.encodeJPEG(image, options: JPEGEncodeOptions(progressive: true,
                                                                                                     encoder: .trellis)))).frameMarker == 0xC2)
    }
}
