import Testing
@testable import AspectFit

@Suite struct FlattenTests {
    @Test func halfTransparentRedOverWhiteIsPink() {
        let image = try! PixelBuffer(width: 1, height: 1, layout: .rgba8, bytes: [255, 0, 0, 128])
        let flat = flatten(image, onto: .white)
        #expect(flat.layout == .rgb8)
        let pixel = Array(flat[0, 0]).map(Int.init)
        #expect(pixel[0] == 255 && abs(pixel[1] - 128) <= 1 && abs(pixel[2] - 128) <= 1)
    }

    @Test func opaqueAndClearPixelsAndPaddedRows() {
        let background = RGBColor(r: 10, g: 20, b: 30)
        // 2 x 2, rows padded to 11 bytes: opaque blue, clear green / quarter gray, opaque white.
        let bytes: [UInt8] = [0, 0, 255, 255, 0, 255, 0, 0, 9, 9, 9,
                              100, 100, 100, 64, 255, 255, 255, 255, 9, 9, 9]
        let flat = flatten(try! PixelBuffer(width: 2, height: 2, layout: .rgba8, bytesPerRow: 11, bytes: bytes), onto: background)
        #expect(flat.bytesPerRow == 6)
        #expect(Array(flat[0, 0]) == [0, 0, 255])
        #expect(Array(flat[1, 0]) == [10, 20, 30])
        let quarterGray: [UInt8] = [10, 20, 30].map { (b: Int) -> UInt8 in UInt8((100 * 64 + b * 191 + 127) / 255) }
        #expect(Array(flat[0, 1]) == quarterGray)
        #expect(Array(flat[1, 1]) == [255, 255, 255])
    }

    @Test func grayAlphaFlattensOntoTheBackgroundLuma() {
        let image = try! PixelBuffer(width: 2, height: 1, layout: .grayAlpha8, bytes: [0, 0, 200, 255])
        let flat = flatten(image, onto: RGBColor(r: 255, g: 0, b: 0))
        #expect(flat.layout == .gray8)
        #expect(flat.bytes == [76, 200])
    }

    @Test func layoutsWithoutAlphaAreReturnedAsTheyAre() {
        let image = try! PixelBuffer(width: 2, height: 1, layout: .rgb8, bytes: [1, 2, 3, 4, 5, 6])
        #expect(flatten(image, onto: .black) == image)
    }

    /// Masking alpha then flattening agrees (to one level) with blending the flattened image.
    @Test func maskThenFlattenMatchesFlattenThenBlend() {
        let mask = CornerMask(width: 40, height: 30, radius: .pixels(12), style: .continuous)
        let source = try! PixelBuffer(width: 40, height: 30, layout: .rgba8, bytes: noiseBytes(count: 40 * 30 * 4, seed: 5).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        var masked = source
        mask.apply(to: &masked)
        let viaAlpha = flatten(masked, onto: .white)
        var viaBlend = flatten(source, onto: .white)
        mask.apply(to: &viaBlend, background: .white)
        #expect(zip(viaAlpha.bytes, viaBlend.bytes).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}
