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
        var distance = [Float](repeating: .infinity, count: n * n)
        var queue = CellQueue()
        for i in 0 ..< n * n where i < n || i >= n * (n - 1) || i % n == 0 || i % n == n - 1 {
            distance[i] = 0
            queue.push(0, i)
        }
        // Dijkstra's search from the whole ring at once (a cell may be queued more than once; only
        // its first, cheapest visit counts)
        var done = [Bool](repeating: false, count: n * n)
        while let (reach, cell) = queue.popMin() {
            guard !done[cell] else { continue }
            done[cell] = true
            let x = cell % n, y = cell / n
            for ny in max(0, y - 1) ... min(n - 1, y + 1) {
                for nx in max(0, x - 1) ... min(n - 1, x + 1) {
                    let j = ny * n + nx
                    guard !done[j] else { continue }
                    let dl = luma[j] - luma[cell], da = redGreen[j] - redGreen[cell], db = yellowBlue[j] - yellowBlue[cell]
                    let reached = reach + max(0, (dl * dl + da * da + db * db).squareRoot() - textureStep)
                    if reached < distance[j] {
                        distance[j] = reached
                        queue.push(reached, j)
                    }
                }
            }
        }
        return distance
    }

    /// A binary min-heap of cells by their distance.
    private struct CellQueue {
        private var entries = [(distance: Float, cell: Int)]()

        mutating func push(_ distance: Float, _ cell: Int) {
            entries.append((distance, cell))
            var child = entries.count - 1
            while child > 0, entries[(child - 1) / 2].distance > entries[child].distance {
                entries.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }

        mutating func popMin() -> (distance: Float, cell: Int)? {
            guard let top = entries.first else { return nil }
            entries.swapAt(0, entries.count - 1)
            entries.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var least = parent
                if left < entries.count, entries[left].distance < entries[least].distance { least = left }
                if right < entries.count, entries[right].distance < entries[least].distance { least = right }
                guard least != parent else { return top }
                entries.swapAt(parent, least)
                parent = least
            }
        }
    }
}
