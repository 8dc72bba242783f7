import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// A JPEG's block means (`BlockMeans`), recorded by a full decode or read alone, against independent
/// oracles: djpeg's 1/8-scale decode where it is the block means (grey, and 4:4:4 whose every
/// component has a 1 x 1 inverse transform there), and, for every sampling and scan layout, images
/// whose blocks were drawn with known colours (luma per 8 x 8 block, chroma per 32 x 16 cell, so
/// that every subsampling keeps them and a block read from the wrong place shows).
@Suite struct BlockMeansTests {
    /// The kinds of file: sampling factors (cjpeg's -sample), grey and RGB colour spaces, restart
    /// intervals, one scan or several (progressive, or sequential scans of one component each), and
    /// sizes that are not whole MCUs.
    static let kinds: [(name: String, arguments: [String], width: Int, height: Int)] = [
        ("4:2:0", ["-sample", "2x2"], 1001, 777),
        ("4:2:2", ["-sample", "2x1"], 640, 483),
        ("4:4:0", ["-sample", "1x2"], 517, 640),
        ("4:1:1", ["-sample", "4x1"], 700, 333),
        ("4:4:4", ["-sample", "1x1"], 399, 401),
        ("grey", ["-grayscale"], 611, 389),
        ("rgb", ["-rgb"], 333, 250),
        ("4:2:0 restarts", ["-sample", "2x2", "-restart", "1"], 800, 600),
        ("4:2:0 progressive", ["-sample", "2x2", "-progressive"], 1003, 755),
        ("4:2:0 a scan per component", ["-sample", "2x2", "-scans", "scans"], 643, 481),
    ]

    /// Means drawn per 8 x 8 block come back from the decode's record and from the reading alone
    /// (one-scan files; nil for the others), the two identical.
    @Test func drawnBlocksComeBackFromEveryKindOfFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for kind in Self.kinds {
            let drawn = DrawnBlocks(width: kind.width, height: kind.height, grey: kind.arguments.contains("-grayscale"))
            let jpeg = try Self.cjpeg(drawn.ppm, kind.arguments, in: folder)
            let recorded = try #require(try Self.recorded(jpeg), "\(kind.name)")
            #expect(recorded.width == (kind.width + 7) / 8 && recorded.height == (kind.height + 7) / 8, "\(kind.name)")
            let error = drawn.largestError(recorded)
            #expect(error <= 4, "\(kind.name): a block mean is \(error) from its drawn value")
            let alone = try jpeg.withUnsafeBytes { try ImageFile.blockMeans($0, options: DecodeOptions(), width: kind.width, height: kind.height) }
            let oneScan = !kind.name.contains("progressive") && !kind.name.contains("scan per")
            #expect((alone == nil) == !oneScan, "\(kind.name): read alone \(alone == nil ? "refused" : "read")")
            if let alone { #expect(alone == recorded, "\(kind.name): read alone differs from the decode's record") }
        }
    }

    /// Where djpeg's 1/8 scale is the block means (every component transformed 1 x 1: grey and
    /// 4:4:4), they are its bytes, on photos and on drawn files.
    @Test func greyAnd444MeansAreDjpegsEighthScale() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths = [String]()
        if try Corpus.require() {
            paths += ["jpeg/gray-iphone-rst.jpg", "photos/flower-444-2268x1512.jpg"].map { Corpus.path($0) }
        }
        for (arguments, width, height) in [(["-grayscale"], 611, 389), (["-sample", "1x1"], 399, 401), (["-sample", "1x1", "-progressive"], 256, 130)] {
            let drawn = DrawnBlocks(width: width, height: height, grey: arguments.contains("-grayscale"))
            let url = folder.appendingPathComponent("drawn-\(paths.count).jpg")
            try Data(try Self.cjpeg(drawn.ppm, arguments, in: folder)).write(to: url)
            paths.append(url.path)
        }
        for path in paths {
            let jpeg = try ImageFile.read(path: path)
            let reference = try Djpeg.decode(path: path, scaleDenominator: 8)
            let recorded = try #require(try Self.recorded(jpeg), "\(path)")
            #expect(recorded.width == reference.width && recorded.height == reference.height, "\(path)")
            #expect(recorded.layout.channels == reference.channels, "\(path)")
            #expect(Bytes(recorded.packedBytes) == Bytes(reference.pixels), "\(path): differs from djpeg -scale 1/8")
        }
    }

    /// On photos of every subsampling, each block mean is the mean of djpeg's decode over the block
    /// (with repeated chroma, so a subsampled block's colour is its own chroma), to within what the
    /// chroma inside a chroma block and clamping move it.
    @Test func photoMeansAreTheirBlocksMeans() throws {
        guard try Corpus.require() else { return }
        for file in ["photos/iphone-xs-p3-orientation6-4032x3024.jpg", "photos/dslr-hills-4608x3456.jpg",
                     "jpeg/ultrahdr-gainmap.jpg", "photos/flickr-saw-2725x2225.jpg"] {
            let jpeg = try ImageFile.read(path: Corpus.path(file))
            let recorded = try #require(try Self.recorded(jpeg), "\(file)")
            let full = try Djpeg.decode(path: Corpus.path(file), smoothChroma: false)
            var total = 0.0, far = 0
            for by in 0 ..< recorded.height {
                for bx in 0 ..< recorded.width {
                    for c in 0 ..< 3 {
                        var sum = 0, count = 0
                        for y in by * 8 ..< min(full.height, by * 8 + 8) {
                            for x in bx * 8 ..< min(full.width, bx * 8 + 8) {
                                sum += Int(full.pixels[(y * full.width + x) * 3 + c])
                                count += 1
                            }
                        }
                        let mean = recorded.bytes[by * recorded.bytesPerRow + bx * 3 + c]
                        let difference = abs(Double(sum) / Double(count) - Double(mean))
                        total += difference
                        if difference > 24 { far += 1 }
                    }
                }
            }
            let samples = recorded.width * recorded.height * 3
            #expect(total / Double(samples) < 1.5, "\(file): mean difference \(total / Double(samples))")
            #expect(far * 200 < samples, "\(file): \(far) of \(samples) means more than 24 from their block's")
        }
    }

    /// A lossless rewrite of a photo into progressive scans (jpegtran: the same coefficients) has the
    /// same block means, recorded from its buffered coefficients.
    @Test func aProgressiveRewriteHasTheSameMeans() throws {
        guard try Corpus.require() else { return }
        let path = Corpus.path("photos/iphone-xs-p3-orientation6-4032x3024.jpg")
        let rewrite = try ExternalTool.run(try ExternalTool.path("jpegtran"), ["-progressive", path])
        #expect(rewrite.status == 0, "\(rewrite.stderr)")
        let original = try #require(try Self.recorded(try ImageFile.read(path: path)))
        #expect(try Self.recorded(rewrite.stdout) == original)
    }

    /// A JPEG of several scans, progressive or sequential, is probed as such: it is decoded from
    /// coefficients buffered for the whole image (`MemoryEstimate`), and its block means are recorded
    /// by the decode, never read alone.
    @Test func severalScansAreProbedAsProgressive() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawn = DrawnBlocks(width: 64, height: 48, grey: false).ppm
        for (arguments, several) in [([String](), false), (["-progressive"], true), (["-scans", "scans"], true)] {
            #expect(try ImageFile.probe(try Self.cjpeg(drawn, arguments, in: folder)).isProgressive == several, "\(arguments)")
        }
    }

    /// A truncated file: refused alike by both under the default policy; with damage accepted, the
    /// record and the reading alone still agree (the missing blocks read as libjpeg fills them).
    @Test func truncationIsTreatedAlike() throws {
        guard try Corpus.require() else { return }
        for file in ["bad/truncated-sharp.jpg", "bad/truncated-singlerow-5760x3840.jpg"] {
            let jpeg = try ImageFile.read(path: Corpus.path(file))
            let info = try ImageFile.probe(jpeg)
            #expect(throws: ImageIOError.self) { try Self.recorded(jpeg) }
            #expect(throws: ImageIOError.self) {
                try jpeg.withUnsafeBytes { try ImageFile.blockMeans($0, options: DecodeOptions(), width: info.width, height: info.height) }
            }
            let lenient = DecodeOptions(failOnTruncation: false)
            let recorded = try Self.recorded(jpeg, options: lenient)
            let alone = try jpeg.withUnsafeBytes { try ImageFile.blockMeans($0, options: lenient, width: info.width, height: info.height) }
            #expect(recorded != nil && recorded == alone, "\(file)")
        }
    }

    /// The pixel limit: the reading alone refuses what the decode refuses, with the same error.
    @Test func pixelLimitsAreTreatedAlike() throws {
        guard try Corpus.require() else { return }
        let jpeg = try ImageFile.read(path: Corpus.path("photos/flower-444-2268x1512.jpg"))
        for limit in [-1, 1000 * 1000] {
            let options = DecodeOptions(maxPixels: limit)
            let decoding = #expect(throws: ImageIOError.self) { try Self.recorded(jpeg, options: options) }
            let reading = #expect(throws: ImageIOError.self) {
                try jpeg.withUnsafeBytes { try ImageFile.blockMeans($0, options: options, width: 2268, height: 1512) }
            }
            #expect(decoding != nil && decoding == reading, "limit \(limit): \(String(describing: decoding)), \(String(describing: reading))")
        }
    }

    /// The block means of a whole decode that recorded them.
    static func recorded(_ jpeg: [UInt8], options: DecodeOptions = DecodeOptions()) throws -> PixelBuffer? {
        var options = options
        options.recordsBlockMeans = true
        return try ImageFile.decode(jpeg, options: options).blockMeans
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("block-means-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // each component in a sequential scan of its own (cjpeg -scans)
        try "0: 0 63 0 0;\n1: 0 63 0 0;\n2: 0 63 0 0;\n".write(to: folder.appendingPathComponent("scans"), atomically: true, encoding: .utf8)
        return folder
    }

    /// cjpeg's encoding of `ppm` at quality 100 with `arguments` (run in `folder`, where the scan script is).
    static func cjpeg(_ ppm: [UInt8], _ arguments: [String], in folder: URL) throws -> [UInt8] {
        let input = folder.appendingPathComponent("input.ppm")
        try Data(ppm).write(to: input)
        let scans = arguments.map { $0 == "scans" ? folder.appendingPathComponent("scans").path : $0 }
        let output = try ExternalTool.run(try ExternalTool.path("cjpeg"), ["-quality", "100"] + scans + [input.path])
        guard output.status == 0 else { throw Djpeg.Failure(description: "cjpeg \(arguments): \(output.stderr)") }
        return output.stdout
    }
}

/// An image of known block means: luma drawn per 8 x 8 block, chroma per 32 x 16 cell (what every
/// sampling's chroma blocks cover whole), values kept clear of clamping.
struct DrawnBlocks {
    let width: Int
    let height: Int
    let grey: Bool

    private func luma(_ bx: Int, _ by: Int) -> Int { 60 + Int(FNV1a.hash("\(bx),\(by)".utf8) % 131) }
    private func chroma(_ bx: Int, _ by: Int) -> (cb: Int, cr: Int) {
        let cell = "\(bx / 4),\(by / 2)"
        return (100 + Int(FNV1a.hash(("cb" + cell).utf8) % 57), 100 + Int(FNV1a.hash(("cr" + cell).utf8) % 57))
    }

    /// The colour of block (bx, by): JFIF's YCbCr to RGB, rounded.
    func colour(_ bx: Int, _ by: Int) -> [Int] {
        let y = Double(luma(bx, by))
        if grey { return [Int(y)] }
        let (cb, cr) = chroma(bx, by)
        let b = Double(cb - 128), r = Double(cr - 128)
        return [y + 1.402 * r, y - 0.344136 * b - 0.714136 * r, y + 1.772 * b].map { Int($0.rounded()) }
    }

    var ppm: [UInt8] {
        let channels = grey ? 1 : 3
        var bytes = Array("\(grey ? "P5" : "P6")\n\(width) \(height)\n255\n".utf8)
        for y in 0 ..< height {
            for x in 0 ..< width {
                bytes += colour(x / 8, y / 8).prefix(channels).map { UInt8($0) }
            }
        }
        return bytes
    }

    /// The largest difference between a recorded mean and the block's drawn colour.
    func largestError(_ means: PixelBuffer) -> Int {
        var largest = 0
        for by in 0 ..< means.height {
            for bx in 0 ..< means.width {
                for (drawn, mean) in zip(colour(bx, by), means[bx, by]) { largest = max(largest, abs(drawn - Int(mean))) }
            }
        }
        return largest
    }
}
