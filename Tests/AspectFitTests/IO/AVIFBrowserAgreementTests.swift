import AspectFit
import Foundation
import Testing
import TestSupport

/// Where AVIF decoders disagree, the browser decides (docs/formats.md, "Where decoders disagree"):
/// our decode of every rotation (irot 0-3) with no mirror and with each mirror mode (imir 0, 1), and
/// of monochrome in limited and in full range, is the picture headless Chromium shows, and the
/// rotations and mirrors are the ones HEIF describes (checked on the quadrants of the pattern).
/// Files are made by avifenc (near-lossless 4:4:4, so the colours survive) from a 96x64 pattern of
/// four coloured quadrants with a white mark in the top-left one.
@Suite struct AVIFBrowserAgreementTests {
    static let width = 96, height = 64
    static let quadrants: [[UInt8]] = [[220, 40, 40], [40, 200, 60], [40, 60, 220], [230, 220, 60]]   // TL, TR, BL, BR

    /// The kinds: file name and avifenc's arguments (`grey` sources the monochrome ones).
    static let kinds: [(name: String, arguments: [String], grey: Bool)] =
        (0 ..< 4).flatMap { angle in
            [("irot\(angle)", ["-y", "444", "--irot", "\(angle)"], false)]
                + (0 ..< 2).map { mode in ("irot\(angle)-imir\(mode)", ["-y", "444", "--irot", "\(angle)", "--imir", "\(mode)"], false) }
        } + [("mono-limited", ["-y", "400", "-r", "limited"], true), ("mono-full", ["-y", "400", "-r", "full"], true)]

    static func pattern() throws -> PixelBuffer {
        var image = try PixelBuffer(width: width, height: height, layout: .rgb8)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let mark = (4 ..< 12).contains(x) && (4 ..< 12).contains(y)
                let colour = mark ? [255, 255, 255] : quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                for c in 0 ..< 3 { image.bytes[y * image.bytesPerRow + x * 3 + c] = colour[c] }
            }
        }
        return image
    }

    /// A horizontal ramp, reversed in the top half.
    static func ramp() throws -> PixelBuffer {
        var image = try PixelBuffer(width: width, height: height, layout: .gray8)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let v = x * 255 / (width - 1)
                image.bytes[y * image.bytesPerRow + x] = UInt8(y < height / 2 ? 255 - v : v)
            }
        }
        return image
    }

    /// Each kind's file, our decode of it and what Chromium shows of it; made once.
    struct Rendering {
        var decoded: [String: PixelBuffer] = [:]
        var shown: [String: PixelBuffer] = [:]
    }

    static let rendering: Result<Rendering, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-avif-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(ImageEncoder.encodePNG(pattern())).write(to: folder.appendingPathComponent("pattern.png"))
        try Data(ImageEncoder.encodePNG(ramp())).write(to: folder.appendingPathComponent("ramp.png"))
        let avifenc = try ExternalTool.path("avifenc")
        var rendering = Rendering()
        var placements: [HeadlessChromium.Placement] = []
        for (i, kind) in kinds.enumerated() {
            let file = folder.appendingPathComponent("\(kind.name).avif").path
            let source = folder.appendingPathComponent(kind.grey ? "ramp.png" : "pattern.png").path
            let result = try ExternalTool.run(avifenc, ["-s", "6", "--min", "0", "--max", "2"] + kind.arguments + [source, file])
            guard result.status == 0 else { throw HeadlessChromium.Failure(description: "avifenc \(kind.name): \(result.stderr)") }
            rendering.decoded[kind.name] = try ImageFile.decode(ImageFile.read(path: file)).pixels
            placements.append(.init(file: "\(kind.name).avif", x: (i % 7) * 100, y: (i / 7) * 100))
        }
        let rows = (kinds.count + 6) / 7
        let screenshot = try HeadlessChromium.render(placements, in: folder, background: .black, width: 700, height: rows * 100)
        for (kind, place) in zip(kinds, placements) {
            let size = rendering.decoded[kind.name].map { ($0.width, $0.height) } ?? (0, 0)
            var shown = try PixelBuffer(width: size.0, height: size.1, layout: .rgb8)
            for y in 0 ..< size.1 {
                let from = (place.y + y) * screenshot.bytesPerRow + place.x * 3
                shown.bytes.replaceSubrange(y * shown.bytesPerRow ..< y * shown.bytesPerRow + size.0 * 3,
                                            with: screenshot.bytes[from ..< from + size.0 * 3])
            }
            rendering.shown[kind.name] = shown
        }
        return rendering
    }

    @Test(arguments: kinds.map(\.name))
    func ourDecodeIsWhatChromiumShows(_ name: String) throws {
        let r = try Self.rendering.get()
        let decoded = try #require(r.decoded[name]), shown = try #require(r.shown[name])
        #expect(decoded.layout == .rgb8, "\(name)")
        let ours = decoded.packedBytes
        var worst = 0
        for i in ours.indices { worst = max(worst, abs(Int(ours[i]) - Int(shown.bytes[i]))) }
        #expect(worst <= 1, "\(name): \(decoded.width)x\(decoded.height), largest difference from Chromium \(worst)")
    }

    /// The upright picture of each rotation and mirror, worked out from HEIF's description: irot
    /// turns anti-clockwise by 90 degrees times its angle; then imir mode 0 exchanges top and
    /// bottom, mode 1 left and right. Each quadrant's colour and the mark's corner are checked.
    @Test(arguments: 0 ..< 4, [nil, 0, 1] as [Int?])
    func rotationsAndMirrorsAreHEIFs(_ angle: Int, _ mode: Int?) throws {
        let r = try Self.rendering.get()
        let name = "irot\(angle)" + (mode.map { "-imir\($0)" } ?? "")
        let image = try #require(r.decoded[name])
        let turned = angle % 2 == 1
        #expect((image.width, image.height) == (turned ? (Self.height, Self.width) : (Self.width, Self.height)), "\(name)")
        // Where the stored corner (cx, cy) (0 or 1 each) ends up: turn anti-clockwise, then mirror.
        func upright(_ cx: Int, _ cy: Int) -> (Int, Int) {
            var (x, y) = (cx, cy)
            for _ in 0 ..< angle { (x, y) = (y, 1 - x) }
            if mode == 0 { y = 1 - y }
            if mode == 1 { x = 1 - x }
            return (x, y)
        }
        for (q, colour) in Self.quadrants.enumerated() {
            let (x, y) = upright(q % 2, q / 2)
            let px = x == 0 ? image.width / 4 : image.width * 3 / 4, py = y == 0 ? image.height / 4 : image.height * 3 / 4
            let at = py * image.bytesPerRow + px * 3
            #expect(zip(image.bytes[at ..< at + 3], colour).allSatisfy { abs(Int($0) - Int($1)) <= 4 }, "\(name): quadrant \(q)")
        }
        let (mx, my) = upright(0, 0)
        let px = mx == 0 ? 7 : image.width - 8, py = my == 0 ? 7 : image.height - 8
        #expect(image.bytes[py * image.bytesPerRow + px * 3] >= 250, "\(name): the mark is not in the corner it turns to")
    }

    /// Limited range is expanded to full: the ramp's ends are black and white, as in full range.
    @Test func monochromeLimitedRangeIsExpanded() throws {
        let r = try Self.rendering.get()
        for name in ["mono-limited", "mono-full"] {
            let image = try #require(r.decoded[name]).packedBytes
            let row = Self.height - 1, last = Self.width - 1
            #expect(image[(row * Self.width) * 3] <= 2 && image[(row * Self.width + last) * 3] >= 253, "\(name)")
        }
    }
}
