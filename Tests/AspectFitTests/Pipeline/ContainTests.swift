import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// `FitMode.contain`: the whole image scaled into the box (its pixels exactly those of a cover fit
/// to that inner size), letterboxed with the background (JPEG) or transparency (PNG), placed by
/// gravity, corners cut from the box.
@Suite struct ContainTests {
    /// A 300x150 opaque picture: a horizontal ramp, so any misplacement shows.
    static let source: [UInt8] = {
        var image = PixelBuffer(blankWidth: 300, height: 150, layout: .rgb8)
        for y in 0 ..< 150 {
            for x in 0 ..< 300 {
                let p = y * image.bytesPerRow + x * 3
                image.bytes[p] = UInt8(x * 255 / 299)
                image.bytes[p + 1] = UInt8(y * 255 / 149)
                image.bytes[p + 2] = 90
            }
        }
        return try! ImageEncoder.encodePNG(image)
    }()

    static func fit(_ configure: (inout FitOptions) -> Void) throws -> (FitResult, PixelBuffer) {
        var options = FitOptions()
        options.fit = .contain
        configure(&options)
        let result = try Pipeline(options: options).run(source)
        return (result, try ImageFile.decode(result.bytes).pixels)
    }

    @Test(arguments: [(Gravity.centre, 0, 50), (.north, 0, 0), (.south, 0, 100), (.focus(x: 0.5, y: 0.9), 0, 100)])
    func wholeImageInsideTheBoxTransparentBars(_ gravity: Gravity, _ x: Int, _ y: Int) throws {
        let (result, image) = try Self.fit { $0.ratio = .square; $0.size = .width(200); $0.gravity = gravity; $0.format = .png }
        #expect(image.width == 200 && image.height == 200 && image.layout == .rgba8)
        let box = try #require(result.plan.letterbox)
        #expect(box.x == x && box.y == y && result.plan.geometry.outputWidth == 200 && result.plan.geometry.outputHeight == 100)
        // The image part equals a plain cover fit of the whole source to 200x100.
        var cover = FitOptions()
        cover.size = .size(width: 200, height: 100)
        let reference = try ImageFile.decode(try Pipeline(options: cover).run(Self.source).bytes).pixels
        for row in 0 ..< 200 {
            for col in 0 ..< 200 {
                let px = image[col, row]
                if (y ..< y + 100).contains(row) {
                    #expect(Array(px) == Array(reference[col, row - y]) + [255], "(\(col), \(row))")
                } else {
                    #expect(px.last == 0, "bar pixel (\(col), \(row)) not transparent")
                }
            }
        }
    }

    @Test func jpegBarsTakeTheBackground() throws {
        let (result, image) = try Self.fit {
            $0.ratio = .nineToSixteen; $0.size = .width(90); $0.format = .jpeg; $0.background = RGBColor(r: 200, g: 20, b: 20)
        }
        #expect(image.width == 90 && image.height == 160 && image.layout == .rgb8)
        #expect(result.plan.letterbox?.y == 57 && result.plan.geometry.outputHeight == 45)
        for (col, row) in [(45, 10), (5, 150), (80, 30)] {
            let px = image[col, row]
            #expect(abs(Int(px[px.startIndex]) - 200) <= 4 && px[px.startIndex + 1] <= 30 && px[px.startIndex + 2] <= 30, "\(Array(px))")
        }
    }

    @Test func cornersCutTheBoxNotTheImage() throws {
        let (_, image) = try Self.fit { $0.ratio = .square; $0.size = .width(100); $0.format = .png
            $0.cornerRadius = try! CornerRadius(parsing: "20") }
        #expect(image[0, 0].last == 0 && image[99, 99].last == 0)
        #expect(image[50, 50].last == 255)
    }

    @Test func exactFitHasNoLetterboxAndCoverStaysTheDefault() throws {
        let (result, _) = try Self.fit { $0.ratio = AspectRatio(unchecked: 2, 1); $0.size = .width(100) }
        #expect(result.plan.letterbox == nil && result.plan.outputWidth == 100 && result.plan.outputHeight == 50)
        #expect(FitOptions().fit == .cover)
        #expect(try FitMode(parsing: "CONTAIN") == .contain)
        #expect(throws: OptionError.unknownFit("fill")) { try FitMode(parsing: " fill ") }
    }

    @Test func smartGravityWithContainCentres() throws {
        let (result, _) = try Self.fit { $0.ratio = .square; $0.size = .width(60); $0.gravity = .attention; $0.format = .png }
        #expect(result.plan.windowChoice == nil && result.plan.letterbox?.y == 15)
    }
}
