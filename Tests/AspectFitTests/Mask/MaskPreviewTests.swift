import Foundation
import Testing
@testable import AspectFit

/// Renders masks as binary PGM (P5) images for a person to look at: the tests check the
/// encoding, and with ASPECTFIT_MASK_PREVIEW_DIR set they also write the files there
/// (view with `pnmtopng`; a corner zoomed with `pamcut 0 0 100 100 | pamenlarge 6 | pnmtopng`).
@Suite struct MaskPreviewTests {
    /// A P5 image: "P5\n<w> <h>\n255\n" then one byte per pixel.
    static func pgm(_ plane: [UInt8], width: Int, height: Int) -> [UInt8] {
        Array("P5\n\(width) \(height)\n255\n".utf8) + plane
    }

    @Test(arguments: [(512, 512, CornerRadius.pixels(64)), (400, 160, .percent(40)), (400, 160, .percent(50))],
          CornerStyle.allCases)
    func rendersMasks(_ size: (width: Int, height: Int, radius: CornerRadius), _ style: CornerStyle) throws {
        let (width, height, radius) = size
        let mask = CornerMask(width: width, height: height, radius: radius, style: style)
        let image = Self.pgm(coveragePlane(mask), width: width, height: height)
        let header = Array("P5\n\(width) \(height)\n255\n".utf8)
        #expect(Array(image.prefix(header.count)) == header)
        #expect(image.count == header.count + width * height)
        if let directory = ProcessInfo.processInfo.environment["ASPECTFIT_MASK_PREVIEW_DIR"] {
            let name = "mask-\(width)x\(height)-r\(radius)-\(style).pgm"
            try Data(image).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
        }
    }
}
