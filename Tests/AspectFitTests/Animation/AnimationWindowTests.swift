@testable import AspectFit
import Foundation
import Testing
import TestSupport

/// A smart crop of an animation chooses its one window from frames spread over the whole animation
/// (`AnimationWindows`), not from the first frame: a subject that enters after it is kept. The
/// oracle is where the generator drew the subject.
@Suite struct AnimationWindowTests {
    /// A 120x60 GIF (or WebP) of `frames` frames on a flat background (its shade changing a little
    /// from frame to frame, so no frame repeats the one before); from frame `enters` on, a
    /// 24x24 subject at x 90...114, y 18...42: a red disc with a white ring (attention), or a
    /// checkerboard (entropy).
    static func animation(format: String, frames: Int, enters: Int, subject: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aspectfit-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.\(format)")
        let script = """
        from PIL import Image, ImageDraw
        frames = []
        for n in range(\(frames)):
            im = Image.new('RGB', (120, 60), (118 + n % 3, 124, 120))
            if n >= \(enters):
                d = ImageDraw.Draw(im)
                if '\(subject)' == 'disc':
                    d.ellipse((90, 18, 114, 42), fill=(220, 30, 40))
                    d.ellipse((97, 25, 107, 35), outline=(255, 255, 255), width=2)
                else:
                    for y in range(18, 42, 3):
                        for x in range(90, 114, 3):
                            d.rectangle((x, y, x + 2, y + 2), fill=(0, 0, 0) if (x + y) // 3 % 2 else (255, 255, 255))
            frames.append(im)
        kw = {'lossless': True} if '\(format)' == 'webp' else {}
        frames[0].save('\(file.path)', save_all=True, append_images=frames[1:], duration=100, loop=0, **kw)
        """
        let made = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script])
        try #require(made.status == 0, "\(made.stderr)")
        return try [UInt8](Data(contentsOf: file))
    }

    static let cases: [(format: String, frames: Int, enters: Int, gravity: Gravity)] = [
        ("gif", 8, 2, .attention), ("webp", 8, 2, .attention), ("gif", 40, 39, .attention), ("gif", 8, 3, .entropy),
    ]

    @Test(arguments: cases.indices)
    func aSubjectThatEntersLaterIsKept(index: Int) throws {
        let c = Self.cases[index]
        let data = try Self.animation(format: c.format, frames: c.frames, enters: c.enters,
                                      subject: c.gravity == .entropy ? "checks" : "disc")
        var options = FitOptions()
        options.ratio = .square
        options.size = .width(30)
        options.gravity = c.gravity
        let result = try Pipeline(options: options).run(data)
        let crop = result.plan.geometry.crop
        #expect(result.frames == c.frames)
        #expect(crop.x <= 90 && crop.x + crop.width >= 114, "\(c): window x \(crop.x) ..< \(crop.x + crop.width) misses the subject at 90 ..< 114")
        // a still of a frame the subject is in is cut around it too
        options.frame = c.frames - 1
        let last = try Pipeline(options: options).run(data).plan.geometry.crop
        #expect(last.x <= 90 && last.x + last.width >= 114, "\(c): the last frame as a still: window at \(last.x)")
        // the first frame alone, where nothing has entered yet, gives a window that misses it
        options.frame = nil
        options.frames = .first
        let first = try Pipeline(options: options).run(data).plan.geometry.crop
        #expect(!(first.x <= 90 && first.x + first.width >= 114), "\(c): first frame alone: window at \(first.x)")
    }

    @Test func theSampledFramesSpanTheAnimation() {
        #expect(AnimationWindows.sampled(frameCount: 1) == [0])
        #expect(AnimationWindows.sampled(frameCount: 5) == [0, 1, 2, 3, 4])
        for count in [16, 17, 40, 1000] {
            let sampled = AnimationWindows.sampled(frameCount: count)
            #expect(sampled.count == AnimationWindows.sampledFrames && sampled.first == 0 && sampled.last == count - 1)
            #expect(zip(sampled, sampled.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}
