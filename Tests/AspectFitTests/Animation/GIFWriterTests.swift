@testable import AspectFit
import Foundation
import Testing
import TestSupport

/// The GIF writer's frames of an opaque animation, read back as stored by ImageMagick: each after the first covers
/// only the rectangle that changed, and inside it the pixels the last frame already had are
/// transparent (they show what was there), yet every frame Pillow composites matches its source.
@Suite struct GIFWriterTests {
    /// A 64x48 gradient that stays, and a 10x10 square stepping 4 pixels right per frame: each changed
    /// rectangle holds pixels the last frame had (where the old and new squares overlap).
    static func frames(count: Int) throws -> [PixelBuffer] {
        try (0 ..< count).map { n in
            var bytes = [UInt8]()
            for y in 0 ..< 48 {
                for x in 0 ..< 64 {
                    let inSquare = (10 + 4 * n ..< 20 + 4 * n).contains(x) && (19 ..< 29).contains(y)
                    bytes += inSquare ? [230, 40, 50] : [UInt8(x * 3), UInt8(60 + y * 2), UInt8(200 - x - y)]
                }
            }
            return try PixelBuffer(width: 64, height: 48, layout: .rgb8, bytes: bytes)
        }
    }

    @Test func anOpaqueFrameShowsTheLastThroughItsUnchangedPixels() throws {
        let frames = try Self.frames(count: 6)
        let encoder = try AnimationEncoder(format: .gif, width: 64, height: 48, loopCount: 0, hasAlpha: false)
        for frame in frames { try encoder.add(frame, delay: 100) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-gifwriter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.gif")
        try Data(try encoder.finish()).write(to: file)
        try Data(frames.flatMap(\.bytes)).write(to: folder.appendingPathComponent("source.rgb"))
        // Pillow's composited frames against the source
        let script = """
        import math
        from PIL import Image
        im = Image.open('\(file.path)')
        source = open('\(folder.appendingPathComponent("source.rgb").path)', 'rb').read()
        for n in range(im.n_frames):
            im.seek(n)
            shown = im.convert('RGB').tobytes()
            want = source[n * 64 * 48 * 3:(n + 1) * 64 * 48 * 3]
            se = sum((a - b) ** 2 for a, b in zip(shown, want))
            print(99 if se == 0 else 10 * math.log10(255 * 255 * len(want) / se))
        """
        let read = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script])
        try #require(read.status == 0, "\(read.stderr)")
        let psnr = String(decoding: read.stdout, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
        #expect(psnr.count == 6 && psnr.allSatisfy { $0 > 30 }, "PSNR \(psnr)")
        // ImageMagick's frames as stored: each after the first is the rectangle that changed (the old
        // and the new square), transparent where the source did not change (where the squares overlap)
        for n in 1 ..< frames.count {
            let stored = try ExternalTool.run(try ExternalTool.path("convert"),
                                              ["\(file.path)[\(n)]", "-alpha", "extract", "-format", "%w %h %[fx:mean]", "info:"])
            let fields = String(decoding: stored.stdout, as: UTF8.self).split(separator: " ").compactMap { Double($0) }
            let changed = (0 ..< 64 * 48).filter { i in
                frames[n].bytes[i * 3 ..< i * 3 + 3] != frames[n - 1].bytes[i * 3 ..< i * 3 + 3]
            }.count
            #expect(fields.count == 3 && fields[0] == 14 && fields[1] == 10, "frame \(n): \(String(decoding: stored.stdout, as: UTF8.self)) \(stored.stderr)")
            #expect(fields.count == 3 && abs(fields[2] - Double(changed) / 140) < 1e-6, "frame \(n): opaque share \(fields.last ?? -1), \(changed) changed")
        }
    }
}
