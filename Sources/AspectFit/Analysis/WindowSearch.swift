/// The placement of a fixed-size window over a weight map that holds the most weight, to a
/// quarter of an analysis pixel. The window's middle counts extra, so when several placements
/// hold a subject whole, the one that centres it wins.
struct WindowSearch {
    /// Share of the window, per side, outside its middle.
    static let rim = 0.2
    /// How much more the middle counts than the rim.
    static let middleBonus = 0.5

    /// How much more a window must hold than the centred one to be preferred to it: off-centre
    /// only when the pixels say so clearly.
    static let centreMargin = 1.25

    let area: SummedArea

    init(weights: [Float], width: Int, height: Int) {
        area = SummedArea(weights, width: width, height: height)
    }

    /// The score of the window whose top-left corner is (x, y).
    func score(x: Double, y: Double, width: Double, height: Double) -> Double {
        let whole = area.sum(x0: x, y0: y, x1: x + width, y1: y + height)
        let mx = width * Self.rim, my = height * Self.rim
        let middle = area.sum(x0: x + mx, y0: y + my, x1: x + width - mx, y1: y + height - my)
        return whole + Self.middleBonus * middle
    }

    /// The best top-left corner for a `width` x `height` window: whole-pixel steps, then
    /// quarter-pixel steps around the best.
    func best(width: Double, height: Double) -> (x: Double, y: Double) {
        let freeX = max(0, Double(area.width) - width), freeY = max(0, Double(area.height) - height)
        func positions(_ free: Double, around: Double?, step: Double) -> [Double] {
            let lo = around.map { max(0, $0 - 1) } ?? 0
            let hi = around.map { min(free, $0 + 1) } ?? free
            var p = [Double]()
            var v = lo
            while v < hi { p.append(v); v += step }
            p.append(hi)
            return p
        }
        let centred = (x: freeX / 2, y: freeY / 2)
        let centredScore = score(x: centred.x, y: centred.y, width: width, height: height)
        var best = centred
        var bestScore = centredScore
        for pass in 0 ..< 2 {
            let step = pass == 0 ? 1.0 : 0.25
            let xs = positions(freeX, around: pass == 0 ? nil : best.x, step: step)
            let ys = positions(freeY, around: pass == 0 ? nil : best.y, step: step)
            for y in ys {
                for x in xs {
                    let s = score(x: x, y: y, width: width, height: height)
                    if s > bestScore + 1e-9 * abs(bestScore) { bestScore = s; best = (x, y) }
                }
            }
        }
        return bestScore > centredScore * Self.centreMargin ? best : centred
    }
}
