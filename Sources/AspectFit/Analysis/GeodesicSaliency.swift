/// Wei, Wen, Zhu and Sun's geodesic saliency (ECCV 2012): the background touches the image's border
/// and is connected, so a cell's saliency is how much colour must be crossed to reach the border from
/// it: the cheapest 8-connected path's sum of colour steps. An object set apart from its surround
/// scores high; sky, grass or a wall that reaches an edge scores near 0, however textured.
///
/// Steps of up to `textureStep` between neighbouring cells cost nothing (the paper's clipping of
/// small weights): gradients and texture inside the background build no distance.
enum GeodesicSaliency {
    /// The largest colour step (Euclidean, over luma and the two opponent colours on a 0...255 scale)
    /// that costs nothing.
    static let textureStep: Float = 6

    /// The geodesic distance of each cell of a `side` x `side` grid to the grid's outer ring.
    static func saliency(luma: [Float], redGreen: [Float], yellowBlue: [Float], side n: Int) -> [Float] {
        func step(_ i: Int, _ j: Int) -> Float {
            let dl = luma[i] - luma[j], da = redGreen[i] - redGreen[j], db = yellowBlue[i] - yellowBlue[j]
            return max(0, (dl * dl + da * da + db * db).squareRoot() - textureStep)
        }
        var distance = [Float](repeating: .infinity, count: n * n)
        for i in 0 ..< n {
            distance[i] = 0
            distance[(n - 1) * n + i] = 0
            distance[i * n] = 0
            distance[i * n + n - 1] = 0
        }
        guard n > 2 else { return distance }
        // raster passes down and up, each relaxing the four neighbours already passed, until nothing
        // changes: the cheapest paths (each pass extends every path by the turns it allows)
        let inner = n - 2
        var changed = true
        while changed {
            changed = false
            for sign in [1, -1] {
                for k in 0 ..< inner * inner {
                    let y = sign > 0 ? 1 + k / inner : n - 2 - k / inner
                    let x = sign > 0 ? 1 + k % inner : n - 2 - k % inner
                    let i = y * n + x
                    var best = distance[i]
                    func relax(_ j: Int) { best = min(best, distance[j] + step(i, j)) }
                    relax(i - sign)
                    relax(i - sign * n)
                    relax(i - sign * (n + 1))
                    relax(i - sign * (n - 1))
                    if best < distance[i] {
                        distance[i] = best
                        changed = true
                    }
                }
            }
        }
        return distance
    }
}
