import Testing
@testable import AspectFit

@Suite struct CornerMaskApplyTests {
    private let mask = CornerMask(width: 64, height: 48, radius: .pixels(20), style: .circular)

    /// A padded buffer of noise, so row strides and padding are exercised too.
    private func noise(_ layout: PixelLayout, seed: UInt64) -> PixelBuffer {
        let stride = 64 * layout.channels + 5
        return try! PixelBuffer(width: 64, height: 48, layout: layout, bytesPerRow: stride,
                           bytes: noiseBytes(count: stride * 48, seed: seed))
    }

    private func inCornerSquare(_ x: Int, _ y: Int) -> Bool {
        (x < 20 || x >= 44) && (y < 20 || y >= 28)
    }

    /// The sum over the mask's pixels of what `check` counts wrong, given the pixel's first byte in
    /// `before` and `after`, its coverage and whether it lies in a corner square.
    private func wrongSamples(_ before: PixelBuffer, _ after: PixelBuffer,
                              _ check: (_ start: Int, _ coverage: Int, _ inCorner: Bool) -> Int) -> Int {
        var wrong = 0
        for y in 0 ..< 48 {
            for x in 0 ..< 64 {
                wrong += check(y * before.bytesPerRow + x * before.layout.channels, Int(mask.coverage(x: x, y: y)), inCornerSquare(x, y))
            }
        }
        return wrong
    }

    @Test(arguments: [PixelLayout.rgba8, .grayAlpha8])
    func multipliesCoverageIntoAlphaWithRounding(_ layout: PixelLayout) {
        let before = noise(layout, seed: 7)
        var after = before
        mask.apply(to: &after)
        let channels = layout.channels
        var wrong = wrongSamples(before, after) { start, c, inCorner in
            var wrong = (0 ..< channels - 1).filter { after.bytes[start + $0] != before.bytes[start + $0] }.count
            let alpha = Int(before.bytes[start + channels - 1])
            if Int(after.bytes[start + channels - 1]) != (alpha * c + 127) / 255 { wrong += 1 }
            if !inCorner, c != 255 { wrong += 1 }
            return wrong
        }
        for y in 0 ..< 48 {
            let padding = y * before.bytesPerRow + 64 * channels ..< (y + 1) * before.bytesPerRow
            if after.bytes[padding] != before.bytes[padding] { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(after != before)
        #expect(mask.coverage(x: 0, y: 0) == 0)
        #expect(after.bytes[channels - 1] == 0)   // the corner pixel is fully clear
    }

    @Test(arguments: [PixelLayout.rgb8, .gray8])
    func blendsTowardsTheBackgroundWithoutAlpha(_ layout: PixelLayout) {
        let background = RGBColor(r: 200, g: 100, b: 30)
        let fill: [Int] = layout == .gray8 ? [Int(background.luma)] : [200, 100, 30]
        let before = noise(layout, seed: 11)
        var after = before
        mask.apply(to: &after, background: background)
        let wrong = wrongSamples(before, after) { start, c, inCorner in
            (0 ..< layout.channels).filter { k in
                let expected = (Int(before.bytes[start + k]) * c + fill[k] * (255 - c) + 127) / 255
                return Int(after.bytes[start + k]) != expected || (!inCorner && after.bytes[start + k] != before.bytes[start + k])
            }.count
        }
        #expect(wrong == 0)
        #expect(Array(after[0, 0]) == fill.map { UInt8($0) })    // fully outside: the background
    }

    @Test func pixelsOutsideTheCornerSquaresAreByteForByteUnchanged() {
        for style in CornerStyle.allCases {
            let big = CornerMask(width: 300, height: 200, radius: .pixels(50), style: style)
            let side = style == .circular ? 50 : 77
            let before = try! PixelBuffer(width: 300, height: 200, layout: .rgb8, bytes: noiseBytes(count: 300 * 200 * 3, seed: 3))
            var after = before
            big.apply(to: &after, background: .black)
            var changedOutside = 0
            for y in 0 ..< 200 {
                for x in 0 ..< 300 where !((x < side || x >= 300 - side) && (y < side || y >= 200 - side)) {
                    if after[x, y] != before[x, y] { changedOutside += 1 }
                }
            }
            #expect(changedOutside == 0)
            #expect(after != before)
        }
    }

    @Test func aMaskIsReusableAcrossBuffers() {
        var first = try! PixelBuffer(width: 64, height: 48, layout: .rgba8, bytes: [UInt8](repeating: 255, count: 64 * 48 * 4))
        var second = first
        mask.apply(to: &first)
        mask.apply(to: &second)
        #expect(first == second)
    }

    /// An opaque image gets the alpha plane the mask multiplies into: every sample kept, alpha 255,
    /// rows packed; widths 1-5 and 64 cover the last pixel of a row, which is copied on its own.
    @Test(arguments: [PixelLayout.rgb8, .gray8], [1, 2, 3, 4, 5, 64])
    func addingOpaqueAlphaKeepsEverySample(_ layout: PixelLayout, width: Int) throws {
        let stride = width * layout.channels + 3
        let before = try PixelBuffer(width: width, height: 3, layout: layout, bytesPerRow: stride,
                                     bytes: noiseBytes(count: stride * 3, seed: UInt64(width)))
        let after = before.addingOpaqueAlpha()
        let channels = layout.channels
        #expect(after.layout == layout.withAlpha)
        #expect(after.bytesPerRow == width * (channels + 1))
        var wrong = 0
        for y in 0 ..< 3 {
            for x in 0 ..< width {
                let source = y * stride + x * channels, target = y * after.bytesPerRow + x * (channels + 1)
                for k in 0 ..< channels where after.bytes[target + k] != before.bytes[source + k] { wrong += 1 }
                if after.bytes[target + channels] != 255 { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
