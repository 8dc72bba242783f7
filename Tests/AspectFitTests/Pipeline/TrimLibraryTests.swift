import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// `FitOptions.trim` through the library: `FitResult.plan.trimmedBox`, every orientation, variants,
/// and a 16-bit output refused. The box oracle is the drawn geometry, turned upright here by the
/// EXIF rule (not by `Orientation`).
@Suite struct TrimLibraryTests {
    /// A stored `w` x `h` grey image (value 40) with a ramp in the stored box `box`.
    static func bordered(width w: Int, height h: Int, box: PixelRect, layout: PixelLayout = .rgb8) -> PixelBuffer {
        var image = PixelBuffer(blankWidth: w, height: h, layout: layout)
        for y in 0 ..< h {
            for x in 0 ..< w {
                let inside = x >= box.x && x < box.maxX && y >= box.y && y < box.maxY
                let p = y * image.bytesPerRow + x * layout.channels
                for c in 0 ..< layout.channels { image.bytes[p + c] = inside ? UInt8(120 + (x + 3 * y) % 100) : 40 }
                if layout.hasAlpha { image.bytes[p + layout.channels - 1] = inside ? 255 : 0 }
            }
        }
        return image
    }

    /// The upright box of a stored box, for each EXIF orientation, written out case by case.
    static func upright(_ b: PixelRect, orientation: Int, width w: Int, height h: Int) -> PixelRect {
        switch orientation {
        case 1: b
        case 2: PixelRect(x: w - b.maxX, y: b.y, width: b.width, height: b.height)
        case 3: PixelRect(x: w - b.maxX, y: h - b.maxY, width: b.width, height: b.height)
        case 4: PixelRect(x: b.x, y: h - b.maxY, width: b.width, height: b.height)
        case 5: PixelRect(x: b.y, y: b.x, width: b.height, height: b.width)
        case 6: PixelRect(x: h - b.maxY, y: b.x, width: b.height, height: b.width)
        case 7: PixelRect(x: h - b.maxY, y: w - b.maxX, width: b.height, height: b.width)
        default: PixelRect(x: b.y, y: w - b.maxX, width: b.height, height: b.width)
        }
    }

    @Test(arguments: 1 ... 8)
    func theFinderReturnsTheUprightBoxForEveryOrientation(_ orientation: Int) {
        let stored = PixelRect(x: 7, y: 3, width: 20, height: 11)
        let frame = Self.bordered(width: 40, height: 22, box: stored)
        let box = TrimFinder(frame: frame, orientation: Orientation(exifValue: orientation), threshold: 10).box()
        #expect(box == Self.upright(stored, orientation: orientation, width: 40, height: 22))
    }

    @Test func transparencyIsTheBorderWhenTheCornerIsTransparent() {
        let stored = PixelRect(x: 2, y: 5, width: 9, height: 4)
        var frame = Self.bordered(width: 16, height: 12, box: stored, layout: .rgba8)
        frame.bytes[0 ..< 3] = [200, 10, 10]   // an invisible colour under the corner's transparency
        #expect(TrimFinder(frame: frame, orientation: .up, threshold: 10).box() == stored)
        #expect(TrimFinder(frame: Self.bordered(width: 8, height: 8, box: PixelRect(x: 0, y: 0, width: 0, height: 0)),
                           orientation: .up, threshold: 0).box() == nil, "uniform: nothing to keep")
    }

    /// A smart crop of the trimmed box reports its subjects in the whole image: a red patch drawn at
    /// a known place inside the box is inside the salient subject's box, in fractions of the whole.
    @Test func subjectsFoundInTheBoxAreReportedInTheWholeImage() throws {
        var image = Self.bordered(width: 200, height: 120, box: PixelRect(x: 40, y: 20, width: 120, height: 90))
        for y in 40 ..< 56 {
            for x in 130 ..< 146 { image.bytes.replaceSubrange(y * image.bytesPerRow + x * 3 ..< y * image.bytesPerRow + x * 3 + 3, with: [230, 20, 20]) }
        }
        var options = FitOptions()
        options.trim = Trim()
        options.gravity = .attention
        options.ratio = .square
        options.size = .width(60)
        let result = try Pipeline(options: options).run(try ImageEncoder.encodePNG(image))
        #expect(result.plan.trimmedBox == PixelRect(x: 40, y: 20, width: 120, height: 90))
        let salient = try #require(result.plan.windowChoice?.subjects.first { $0.kind == .salient })
        let (cx, cy) = (138.0 / 200, 48.0 / 120)
        #expect(salient.x <= cx && cx <= salient.maxX && salient.y <= cy && cy <= salient.maxY, "\(salient)")
        #expect(salient.x >= 40.0 / 200 - 1e-9 && salient.maxX <= 160.0 / 200 + 1e-9, "inside the box: \(salient)")
    }

    @Test func theResultReportsTheBoxAndVariantsShareIt() throws {
        let png = try ImageEncoder.encodePNG(Self.bordered(width: 90, height: 60, box: PixelRect(x: 10, y: 4, width: 50, height: 40)))
        var options = FitOptions()
        options.trim = Trim()
        let whole = try Pipeline(options: options).run(png)
        #expect(whole.plan.trimmedBox == PixelRect(x: 10, y: 4, width: 50, height: 40))
        #expect((whole.plan.outputWidth, whole.plan.outputHeight) == (50, 40))
        #expect(try Pipeline(options: options).plan(png).trimmedBox == nil, "a plan from the header cannot know it")
        var square = options
        square.ratio = .square
        square.size = .width(16)
        let results = VariantSet(options: [options, square]).run(png)
        for result in results { #expect(try result.get().plan.trimmedBox == whole.plan.trimmedBox) }
        var deep = options
        deep.bitDepth = .sixteen
        #expect(throws: FitError.plan(.trimSixteenBit)) { try Pipeline(options: deep).plan(png) }
    }
}
