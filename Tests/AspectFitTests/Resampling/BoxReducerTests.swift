import Testing
@testable import AspectFit

/// `BoxReducer` against a plain mean of each block of the whole image, on random images of odd
/// sizes, decoded regions and coarse regions that do not fall on block boundaries.
@Suite struct BoxReducerTests {
    /// The rounded mean of the `factor` x `factor` block (cut at the image's edges) at coarse (x, y).
    static func blockMean(_ image: [UInt8], width: Int, height: Int, channels: Int, factor: Int, x: Int, y: Int, c: Int) -> UInt8 {
        var total = 0.0
        var n = 0.0
        for j in y * factor ..< min((y + 1) * factor, height) {
            for i in x * factor ..< min((x + 1) * factor, width) {
                total += Double(image[(j * width + i) * channels + c])
                n += 1
            }
        }
        return UInt8((total / n).rounded(.toNearestOrAwayFromZero))
    }

    @Test(arguments: 0 ..< 60)
    func everyCoarsePixelIsTheMeanOfItsBlock(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let factor = [2, 4, 8][seed % 3]
        let channels = 1 + (seed / 3) % 4
        let width = Int.random(in: 1 ... 70, using: &rng)
        let height = Int.random(in: 1 ... 50, using: &rng)
        let image = (0 ..< width * height * channels).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
        // Some corner cases: all-255 pixels overflow 8-bit sums, so every seventh image is white.
        let pixels = seed % 7 == 6 ? [UInt8](repeating: 255, count: image.count) : image
        let coarseWidth = (width + factor - 1) / factor
        let coarseHeight = (height + factor - 1) / factor
        let x0 = Int.random(in: 0 ..< coarseWidth, using: &rng)
        let y0 = Int.random(in: 0 ..< coarseHeight, using: &rng)
        let region = PixelRect(x: x0, y: y0, width: Int.random(in: 1 ... coarseWidth - x0, using: &rng),
                               height: Int.random(in: 1 ... coarseHeight - y0, using: &rng))
        let needed = BoxReducer.inputSpan(of: region, factor: factor, inputWidth: width, inputHeight: height)
        let dx = Int.random(in: 0 ... needed.x, using: &rng)
        let dy = Int.random(in: 0 ... needed.y, using: &rng)
        let decoded = PixelRect(x: dx, y: dy, width: Int.random(in: needed.maxX ... width, using: &rng) - dx,
                                height: Int.random(in: needed.maxY ... height, using: &rng) - dy)
        let reducer = BoxReducer(factor: factor, region: region, channels: channels, inputWidth: width, inputHeight: height,
                                 decoded: decoded)
        var rows: [Int] = []
        var got: [UInt8] = []
        for y in 0 ..< decoded.height {
            let start = ((decoded.y + y) * width + decoded.x) * channels
            let row = Array(pixels[start ..< start + decoded.width * channels])
            row.withUnsafeBytes { bytes in
                reducer.consume(row: bytes, y: y) { r, coarse in
                    rows.append(r)
                    got += coarse
                }
            }
        }
        #expect(rows == Array(0 ..< region.height), "seed \(seed): one coarse row per block row, in order")
        var want: [UInt8] = []
        for y in region.y ..< region.maxY {
            for x in region.x ..< region.maxX {
                for c in 0 ..< channels {
                    want.append(Self.blockMean(pixels, width: width, height: height, channels: channels, factor: factor, x: x, y: y, c: c))
                }
            }
        }
        #expect(got == want, "seed \(seed): factor \(factor), \(channels) ch, \(width)x\(height), region \(region), decoded \(decoded)")
    }
}
