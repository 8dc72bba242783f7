/// A summed-area table of one plane: the sum over any box, with fractional edges (the table is
/// interpolated linearly between whole pixels), in O(1).
struct SummedArea {
    let width: Int
    let height: Int
    /// (width + 1) x (height + 1) prefix sums; entry (x, y) sums the pixels left of x and above y.
    private let table: [Double]

    init(_ plane: [Float], width: Int, height: Int) {
        self.width = width
        self.height = height
        var t = [Double](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0 ..< height {
            var run = 0.0
            for x in 0 ..< width {
                run += Double(plane[y * width + x])
                t[(y + 1) * (width + 1) + x + 1] = t[y * (width + 1) + x + 1] + run
            }
        }
        table = t
    }

    /// The prefix sum at a continuous point, bilinear between the whole-pixel corners.
    private func prefix(_ x: Double, _ y: Double) -> Double {
        let cx = min(max(x, 0), Double(width)), cy = min(max(y, 0), Double(height))
        let x0 = min(Int(cx), max(0, width - 1)), y0 = min(Int(cy), max(0, height - 1))
        let fx = cx - Double(x0), fy = cy - Double(y0)
        let x1 = min(x0 + 1, width), y1 = min(y0 + 1, height)
        let stride = width + 1
        let top = table[y0 * stride + x0] * (1 - fx) + table[y0 * stride + x1] * fx
        let bottom = table[y1 * stride + x0] * (1 - fx) + table[y1 * stride + x1] * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The sum over the box [x0, x1) x [y0, y1), clamped to the plane.
    func sum(x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        prefix(x1, y1) - prefix(x0, y1) - prefix(x1, y0) + prefix(x0, y0)
    }

    /// The sum over whole pixels [x0, x1) x [y0, y1), all inside the plane.
    func sum(x0: Int, y0: Int, x1: Int, y1: Int) -> Double {
        let stride = width + 1
        return table[y1 * stride + x1] - table[y1 * stride + x0] - table[y0 * stride + x1] + table[y0 * stride + x0]
    }

    /// The plane averaged over a (2r+1)-pixel square around each pixel (edges use the part inside).
    static func boxBlur(_ plane: [Float], width: Int, height: Int, radius r: Int) -> [Float] {
        let area = SummedArea(plane, width: width, height: height)
        var out = [Float](repeating: 0, count: plane.count)
        for y in 0 ..< height {
            let y0 = max(0, y - r), y1 = min(height, y + r + 1)
            for x in 0 ..< width {
                let x0 = max(0, x - r), x1 = min(width, x + r + 1)
                let s = area.sum(x0: x0, y0: y0, x1: x1, y1: y1)
                out[y * width + x] = Float(s / Double((x1 - x0) * (y1 - y0)))
            }
        }
        return out
    }
}
