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

    /// The copy of `frame` turned upright by `orientation`; from 2 `threads`, the lower half of the
    /// frame's cells is summed on a thread of its own (the same sums).
    init(frame: PixelBuffer, orientation: Orientation, longSide: Int = AnalysisImage.defaultLongSide, threads: Int = 1) {
        let sw = frame.width, sh = frame.height
        let factor = max(1, Double(max(sw, sh)) / Double(longSide))
        let gw = max(1, Int((Double(sw) / factor).rounded()))
        let gh = max(1, Int((Double(sh) / factor).rounded()))
        // Every `step`-th row and column (about 2 x 2 samples per cell) is enough for cells this
        // coarse and keeps the pass cheap next to the decode of a 12 MP frame.
        let step = max(1, Int(factor / 2))
        var sums = [Int](repeating: 0, count: gw * gh * 4)
        var counts = [Int](repeating: 0, count: gw * gh)
        let cellOfColumn = (0 ..< sw).map { min(gw - 1, $0 * gw / sw) }
        frame.bytes.withUnsafeBufferPointer { bytes in
            sums.withUnsafeMutableBufferPointer { sums in
                counts.withUnsafeMutableBufferPointer { counts in
                    cellOfColumn.withUnsafeBufferPointer { cellOfColumn in
                        let cells = CellSums(frame: frame, bytes: bytes, cellWidth: gw, cellHeight: gh, cellOfColumn: cellOfColumn,
                                             step: step, sums: sums, counts: counts)
                        let rows = stride(from: step / 2, to: sh, by: step)
                        guard threads > 1 else { return cells.add(rows: rows) }
                        // The top half of the cells on this thread, the bottom half beside it: no cell is in both.
                        let half = rows.first { cells.cellRow($0) >= gh / 2 } ?? sh
                        _ = alongside({ cells.add(rows: stride(from: half, to: sh, by: step)) },
                                      { cells.add(rows: stride(from: step / 2, to: half, by: step)) })
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

/// The sums an `AnalysisImage` is made from, per cell of the stored frame: alpha-weighted red,
/// green and blue, alpha, and the samples counted. `add` visits every `step`-th pixel of some rows;
/// calls for rows of different cells may run at once.
private struct CellSums: @unchecked Sendable {
    let frame: PixelBuffer
    let bytes: UnsafeBufferPointer<UInt8>
    let cellWidth: Int
    let cellHeight: Int
    let cellOfColumn: UnsafeBufferPointer<Int>
    let step: Int
    let sums: UnsafeMutableBufferPointer<Int>
    let counts: UnsafeMutableBufferPointer<Int>

    func cellRow(_ y: Int) -> Int { min(cellHeight - 1, y * cellHeight / frame.height) }

    func add<Rows: Sequence<Int>>(rows: Rows) {
        let channels = frame.layout.channels, hasAlpha = frame.layout.hasAlpha, sw = frame.width
        let (gOffset, bOffset, aOffset) = channels <= 2 ? (0, 0, channels - 1) : (1, 2, channels - 1)
        // wrapping arithmetic and unchecked pointers: this loop visits ~340k samples of a 12 MP frame
        // (the sums stay far below Int.max: 255 * 255 per sample, at most 12 M samples)
        for y in rows {
            let row = y &* frame.bytesPerRow
            let cellRow = cellRow(y) &* cellWidth
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
        }
    }
}
