import Testing
@testable import AspectFit

/// The geodesic distance to the border against Dijkstra's algorithm over the same graph (a heap-free
/// O(V^2) search written from the definition, float64), and on pictures whose background is known by
/// construction.
@Suite struct GeodesicSaliencyTests {
    /// Dijkstra from every cell of the outer ring, each step costing the colour step above `clip`.
    static func dijkstra(_ planes: [[Float]], side n: Int, clip: Double) -> [Double] {
        var distance = [Double](repeating: .infinity, count: n * n)
        var done = [Bool](repeating: false, count: n * n)
        for i in 0 ..< n * n where i / n == 0 || i / n == n - 1 || i % n == 0 || i % n == n - 1 { distance[i] = 0 }
        for _ in 0 ..< n * n {
            guard let u = (0 ..< n * n).filter({ !done[$0] }).min(by: { distance[$0] < distance[$1] }) else { break }
            done[u] = true
            for dy in -1 ... 1 {
                for dx in -1 ... 1 where dx != 0 || dy != 0 {
                    let x = u % n + dx, y = u / n + dy
                    guard x >= 0, y >= 0, x < n, y < n else { continue }
                    let v = y * n + x
                    let squared = planes.reduce(0.0) { $0 + Double($1[u] - $1[v]) * Double($1[u] - $1[v]) }
                    distance[v] = min(distance[v], distance[u] + max(0, squared.squareRoot() - clip))
                }
            }
        }
        return distance
    }

    @Test(arguments: [(side: 8, spread: 40), (side: 16, spread: 12), (side: 24, spread: 255), (side: 32, spread: 9)])
    func distancesAreTheCheapestPaths(side: Int, spread: Int) {
        var rng = SplitMix64(seed: UInt64(side * 1000 + spread))
        let planes = (0 ..< 3).map { _ in (0 ..< side * side).map { _ in Float(rng.next() % UInt64(spread + 1)) } }
        let got = GeodesicSaliency.saliency(luma: planes[0], redGreen: planes[1], yellowBlue: planes[2], side: side)
        let want = Self.dijkstra(planes, side: side, clip: Double(GeodesicSaliency.textureStep))
        for i in want.indices {
            #expect(abs(Double(got[i]) - want[i]) <= 1e-3 * max(1, want[i]), "cell \(i % side),\(i / side): \(got[i]) against \(want[i])")
        }
    }

    /// A grey object on a textured green background (steps under the texture step), and a second
    /// object touching the border: only the enclosed one is far from the border, by its cheapest
    /// edge (from the texture's brighter cells).
    @Test func anEnclosedObjectStandsOutAndTheBorderDoesNot() {
        let side = 64
        var luma = [Float](), redGreen = [Float](), yellowBlue = [Float]()
        for i in 0 ..< side * side {
            let x = i % side, y = i / side
            let enclosed = (20 ..< 30).contains(x) && (24 ..< 40).contains(y)
            let touching = (50 ..< 64).contains(x) && (10 ..< 20).contains(y)
            let texture = Float((x + y) % 2) * 4
            luma.append(enclosed || touching ? 200 : 90 + texture)
            redGreen.append(enclosed || touching ? 0 : -40)
            yellowBlue.append(enclosed || touching ? 0 : 30)
        }
        let map = GeodesicSaliency.saliency(luma: luma, redGreen: redGreen, yellowBlue: yellowBlue, side: side)
        let edge = Float((106 * 106 + 40 * 40 + 30 * 30 as Float).squareRoot()) - GeodesicSaliency.textureStep
        #expect(abs(map[30 * side + 25] - edge) < 1e-2 * edge, "\(map[30 * side + 25]) inside, edge \(edge)")
        #expect(map[15 * side + 56] == 0, "the object at the border: \(map[15 * side + 56])")
        #expect(map[5 * side + 5] == 0 && map[50 * side + 40] == 0, "the textured background")
    }
}
