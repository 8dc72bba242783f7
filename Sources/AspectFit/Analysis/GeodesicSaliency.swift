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
        var queue = [(distance: Float, cell: Int)]()
        for i in 0 ..< n * n where i < n || i >= n * (n - 1) || i % n == 0 || i % n == n - 1 {
            distance[i] = 0
            queue.append((0, i))
        }
        // Dijkstra's search from the whole ring at once, on a binary min-heap (a cell may be queued
        // more than once; only its first, cheapest visit counts)
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                let left = 2 * parent + 1, right = left + 1
                var least = parent
                if left < queue.count, queue[left].distance < queue[least].distance { least = left }
                if right < queue.count, queue[right].distance < queue[least].distance { least = right }
                guard least != parent else { return }
                queue.swapAt(parent, least)
                parent = least
            }
        }
        func push(_ entry: (distance: Float, cell: Int)) {
            queue.append(entry)
            var child = queue.count - 1
            while child > 0, queue[(child - 1) / 2].distance > queue[child].distance {
                queue.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }
        var done = [Bool](repeating: false, count: n * n)
        while let top = queue.first {
            queue.swapAt(0, queue.count - 1)
            queue.removeLast()
            siftDown(0)
            guard !done[top.cell] else { continue }
            done[top.cell] = true
            let x = top.cell % n, y = top.cell / n
            for ny in max(0, y - 1) ... min(n - 1, y + 1) {
                for nx in max(0, x - 1) ... min(n - 1, x + 1) {
                    let j = ny * n + nx
                    guard !done[j] else { continue }
                    let dl = luma[j] - luma[top.cell], da = redGreen[j] - redGreen[top.cell], db = yellowBlue[j] - yellowBlue[top.cell]
                    let reached = top.distance + max(0, (dl * dl + da * da + db * db).squareRoot() - textureStep)
                    if reached < distance[j] {
                        distance[j] = reached
                        push((reached, j))
                    }
                }
            }
        }
        return distance
    }
}
