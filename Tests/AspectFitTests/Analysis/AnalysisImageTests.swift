import Testing
import TestSupport
@testable import AspectFit

/// The analysis copy of a frame stored in any EXIF orientation is the copy of the same frame turned
/// upright first: the window search works in upright space. The turn here follows the EXIF table
/// written out in `ExifOrientationTable`, not `Orientation`. Cells of 2 x 2 pixels, every pixel
/// sampled, so both copies sum the same pixels.
@Suite struct AnalysisImageTests {
    static func turnedUpright(_ frame: PixelBuffer, exif value: Int) -> PixelBuffer {
        let swaps = value >= 5
        let (w, h) = swaps ? (frame.height, frame.width) : (frame.width, frame.height)
        var turned = PixelBuffer(blankWidth: w, height: h, layout: frame.layout)
        let ch = frame.layout.channels
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width {
                let to = ExifOrientationTable.upright(exif: value, x: x, y: y, width: frame.width, height: frame.height)
                for c in 0 ..< ch {
                    turned.bytes[to.y * turned.bytesPerRow + to.x * ch + c] = frame.bytes[y * frame.bytesPerRow + x * ch + c]
                }
            }
        }
        return turned
    }

    @Test(arguments: [PixelLayout.rgb8, .rgba8, .gray8])
    func copyOfAStoredOrientationIsTheCopyTurnedUpright(_ layout: PixelLayout) throws {
        var frame = PixelBuffer(blankWidth: 96, height: 64, layout: layout)
        var state: UInt32 = 12345
        for i in frame.bytes.indices {
            state = state &* 1_103_515_245 &+ 12345
            frame.bytes[i] = UInt8(truncatingIfNeeded: state >> 16)
        }
        for orientation in Orientation.allCases {
            let stored = AnalysisImage(frame: frame, orientation: orientation, longSide: 48)
            let turned = AnalysisImage(frame: Self.turnedUpright(frame, exif: orientation.rawValue), orientation: .up, longSide: 48)
            #expect(stored.width == turned.width && stored.height == turned.height, "\(orientation)")
            for (name, a, b) in [("luma", stored.luma, turned.luma), ("redGreen", stored.redGreen, turned.redGreen),
                                 ("yellowBlue", stored.yellowBlue, turned.yellowBlue), ("alpha", stored.alpha, turned.alpha),
                                 ("red", stored.red, turned.red), ("blue", stored.blue, turned.blue)] {
                #expect(a == b, "\(layout), \(orientation): \(name)")
            }
        }
    }

    /// The copy summed in two halves at once (from 2 threads) is the copy summed on one thread, for
    /// frames of one cell row, of sparse samples (steps above 1) and of every layout.
    @Test(arguments: PixelLayout.allCases)
    func twoThreadsSumWhatOneSums(_ layout: PixelLayout) throws {
        for (width, height, longSide) in [(97, 61, 48), (1000, 333, 160), (333, 1000, 240), (50, 1, 16), (7, 900, 240)] {
            var frame = PixelBuffer(blankWidth: width, height: height, layout: layout)
            var state = UInt32(width * 31 + height)
            for i in frame.bytes.indices {
                state = state &* 1_103_515_245 &+ 12345
                frame.bytes[i] = UInt8(truncatingIfNeeded: state >> 16)
            }
            for orientation in [Orientation.up, .right] {
                let one = AnalysisImage(frame: frame, orientation: orientation, longSide: longSide, threads: 1)
                let two = AnalysisImage(frame: frame, orientation: orientation, longSide: longSide, threads: 2)
                #expect(one.width == two.width && one.height == two.height)
                for (name, a, b) in [("luma", one.luma, two.luma), ("redGreen", one.redGreen, two.redGreen),
                                     ("yellowBlue", one.yellowBlue, two.yellowBlue), ("alpha", one.alpha, two.alpha),
                                     ("red", one.red, two.red), ("green", one.green, two.green), ("blue", one.blue, two.blue)] {
                    #expect(a == b, "\(layout) \(width)x\(height) \(orientation): \(name)")
                }
            }
        }
    }
}
