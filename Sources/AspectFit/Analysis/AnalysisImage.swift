/// A small upright copy of a decoded frame for choosing a crop window: box-averaged planes of
/// luma and two opponent colours (0...255 scale) and alpha (0...1), at most `longSide` pixels long.
///
/// Built from a sparse grid of the pixels the pipeline decoded anyway, then turned upright, so the
/// window search works in the same upright space as `CropPlan.crop`.
struct AnalysisImage {
    let width: Int
    let height: Int
    /// Luma, 0.299 R + 0.587 G + 0.114 B (colour averaged with alpha weights).
    var luma: [Float]
    /// Red minus green.
    var redGreen: [Float]
    /// Yellow (mean of red and green) minus blue.
    var yellowBlue: [Float]
    /// Mean alpha of the cell, 1 for opaque layouts.
    var alpha: [Float]
    /// The red, green and blue means of each cell (for the colour-based cues).
    var red: [Float], green: [Float], blue: [Float]

    /// The long side analysis runs at: fine enough to place a window to ~0.5% of the frame.
    static let defaultLongSide = 160

    init(frame: PixelBuffer, orientation: Orientation, longSide: Int = AnalysisImage.defaultLongSide) {
        let sw = frame.width, sh = frame.height
        let factor = max(1, Double(max(sw, sh)) / Double(longSide))
        let gw = max(1, Int((Double(sw) / factor).rounded()))
        let gh = max(1, Int((Double(sh) / factor).rounded()))
        let channels = frame.layout.channels
        let hasAlpha = frame.layout.hasAlpha
        let isGray = channels <= 2
        // Every `step`-th row and column (about 2 x 2 samples per cell) is enough for cells this
        // coarse and keeps the pass cheap next to the decode of a 12 MP frame.
        let step = max(1, Int(factor / 2))
        var sums = [Int](repeating: 0, count: gw * gh * 4)
        var counts = [Int](repeating: 0, count: gw * gh)
        let cellOfColumn = (0 ..< sw).map { min(gw - 1, $0 * gw / sw) }
        let (gOffset, bOffset, aOffset) = isGray ? (0, 0, channels - 1) : (1, 2, channels - 1)
        // unchecked pointers: this loop visits ~340k samples of a 12 MP frame
        frame.bytes.withUnsafeBufferPointer { bytes in
            sums.withUnsafeMutableBufferPointer { sums in
                counts.withUnsafeMutableBufferPointer { counts in
                    cellOfColumn.withUnsafeBufferPointer { cellOfColumn in
                        // wrapping arithmetic: no overflow checks in the hot loop (the sums stay far
                        // below Int.max: 255 * 255 per sample, at most 12 M samples)
                        var y = step / 2
                        while y < sh {
                            let row = y &* frame.bytesPerRow
                            let cellRow = min(gh - 1, y * gh / sh) &* gw
                            var x = step / 2
                            while x < sw {
                                let p = row &+ x &* channels
                                let a = hasAlpha ? Int(bytes[p &+ aOffset]) : 255
                                let cell = cellRow &+ cellOfColumn[x]
                                let c4 = cell &* 4
                                sums[c4] &+= Int(bytes[p]) &* a
                                sums[c4 &+ 1] &+= Int(bytes[p &+ gOffset]) &* a
                                sums[c4 &+ 2] &+= Int(bytes[p &+ bOffset]) &* a
                                sums[c4 &+ 3] &+= a
                                counts[cell] &+= 1
                                x &+= step
                            }
                            y &+= step
                        }
                    }
                }
            }
        }
        let (width, height) = orientation.uprightSize(width: gw, height: gh)
        self.width = width
        self.height = height
        let n = width * height
        var red = [Float](repeating: 0, count: n)
        var green = red, blue = red, alpha = red, luma = red, redGreen = red, yellowBlue = red
        for j in 0 ..< gh {
            for k in 0 ..< gw {
                let cell = j * gw + k
                let upright = orientation.uprightPixel(i: k, j: j, storedWidth: gw, storedHeight: gh)
                let i = upright.y * width + upright.x
                let weight = Float(sums[cell * 4 + 3])
                alpha[i] = weight / 255 / Float(max(1, counts[cell]))
                guard weight > 0 else { continue }
                let r = Float(sums[cell * 4]) / weight, g = Float(sums[cell * 4 + 1]) / weight, b = Float(sums[cell * 4 + 2]) / weight
                (red[i], green[i], blue[i]) = (r, g, b)
                luma[i] = 0.299 * r + 0.587 * g + 0.114 * b
                redGreen[i] = r - g
                yellowBlue[i] = (r + g) / 2 - b
            }
        }
        self.luma = luma
        self.redGreen = redGreen
        self.yellowBlue = yellowBlue
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
