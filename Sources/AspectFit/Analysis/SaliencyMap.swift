#if canImport(Glibc)
import Glibc
#endif

/// Where the eye goes, on a 64 x 64 grid over the analysis image (cells as wide and as high as the
/// image's fraction, as in Hou and Zhang's paper): the spectral residual
/// of luma and of the two opponent colours, the geodesic distance to the border, colour rarity,
/// saturation, skin tone and grey strokes (text), each scaled by how peaked it is, squared (one clear
/// subject outweighs a wide middling area), times a mild centre prior and alpha (transparent pixels
/// are never the subject).
/// Not edge density: a uniformly textured area has a flat spectrum residue and scores low.
struct SaliencyMap {
    let width: Int
    let height: Int
    /// The saliency of each cell, >= 0.
    let weights: [Float]

    /// The grid's side: the scale spectral residual is defined at.
    static let side = 64
    /// How much the corners are damped relative to the centre.
    static let centrePrior: Float = 0.3
    /// A blob joins the salient region when it carries this share of the heaviest blob's weight.
    static let mergedShare: Float = 0.2
    /// The text cue's weight (chosen on rounds one to three of Tests/SmartCropSet/evidence.tsv; round four held out).
    static let textWeight: Float = 0.5
    /// A pixel of the copy is on a grey stroke when the luma steps by more than this to its right or
    /// lower neighbour (0...255 scale)...
    static let strokeStep: Float = 40
    /// ...and its colour is this close to grey (the opponent colours' length, 0...255 scale).
    static let strokeGrey: Float = 40

    init(_ image: AnalysisImage) {
        let w = Self.side, h = Self.side
        width = w
        height = h
        let planes = Self.shrink([image.luma, image.redGreen, image.yellowBlue, image.red, image.green, image.blue, image.alpha,
                                  Self.greyStrokes(image)],
                                 width: image.width, height: image.height, to: w, h)
        let (luma, redGreen, yellowBlue) = (planes[0], planes[1], planes[2])
        let (red, green, blue, alpha) = (planes[3], planes[4], planes[5], planes[6])
        let residual = [luma, redGreen, yellowBlue].map { SpectralResidual.saliency($0, side: Self.side) }
        let saturation = redGreen.indices.map { (redGreen[$0] * redGreen[$0] + yellowBlue[$0] * yellowBlue[$0]).squareRoot() }
        let skin = SummedArea.boxBlur(Self.skin(red: red, green: green, blue: blue), width: w, height: h, radius: 1)
        let cues: [(map: [Float], weight: Float)] = [
            (residual[0], 1), (residual[1], 0.5), (residual[2], 0.5), (Self.rarity(red: red, green: green, blue: blue), 2),
            (saturation, 0.5), (skin, 0.5),
            (GeodesicSaliency.saliency(luma: luma, redGreen: redGreen, yellowBlue: yellowBlue, side: w), 2),
            (planes[7], Self.textWeight),
        ]
        var total = [Float](repeating: 0, count: w * h)
        for cue in cues {
            let normalised = Self.normalised(cue.map)
            for i in total.indices { total[i] += cue.weight * normalised[i] }
        }
        let cx = Float(w) / 2, cy = Float(h) / 2, reach = Float(max(w, h)) / 2
        for y in 0 ..< h {
            for x in 0 ..< w {
                let dx = (Float(x) + 0.5 - cx) / reach, dy = (Float(y) + 0.5 - cy) / reach
                let s = total[y * w + x]
                total[y * w + x] = s * s * (1 - Self.centrePrior * min(1, dx * dx + dy * dy)) * alpha[y * w + x]
            }
        }
        weights = total
    }

    /// The mean of `maps` (all `side` x `side`, at least one): an animation's saliency over its frames.
    init(averaging maps: [SaliencyMap]) {
        width = maps[0].width
        height = maps[0].height
        var sum = [Float](repeating: 0, count: width * height)
        for map in maps {
            for i in sum.indices { sum[i] += map.weights[i] }
        }
        weights = sum.map { $0 / Float(maps.count) }
    }

    /// Each of `planes` (`width` x `height`) averaged into `w` x `h` cells (a cell of an image smaller
    /// than the grid repeats its nearest pixel).
    static func shrink(_ planes: [[Float]], width: Int, height: Int, to w: Int, _ h: Int) -> [[Float]] {
        guard width >= w, height >= h else {
            let nearest = (0 ..< w * h).map { min(height - 1, $0 / w * height / h) * width + min(width - 1, $0 % w * width / w) }
            return planes.map { plane in nearest.map { plane[$0] } }
        }
        let cellOfColumn = (0 ..< width).map { min(w - 1, $0 * w / width) }
        let cellOfPixel = (0 ..< width * height).map { min(h - 1, $0 / width * h / height) * w + cellOfColumn[$0 % width] }
        var counts = [Float](repeating: 0, count: w * h)
        for cell in cellOfPixel { counts[cell] += 1 }
        return planes.map { plane in
            var sums = [Float](repeating: 0, count: w * h)
            // unchecked pointers: seven planes of the 240 px copy, ~300k additions
            sums.withUnsafeMutableBufferPointer { sums in
                plane.withUnsafeBufferPointer { plane in
                    cellOfPixel.withUnsafeBufferPointer { cellOfPixel in
                        for i in 0 ..< cellOfPixel.count { sums[cellOfPixel[i]] += plane[i] }
                    }
                }
            }
            return sums.indices.map { counts[$0] > 0 ? sums[$0] / counts[$0] : 0 }
        }
    }

    /// Scales a cue to 0...1 and weights it by (1 - mean)^2: a cue with one clear peak keeps its
    /// strength, one that is high everywhere fades (Itti's normalisation).
    static func normalised(_ map: [Float]) -> [Float] {
        guard let top = map.max(), top > 1e-6 else { return map.map { _ in 0 } }
        let mean = map.reduce(0, +) / Float(max(1, map.count)) / top
        let peak = (1 - mean) * (1 - mean)
        return map.map { $0 / top * peak }
    }

    /// -log of the share of the grid with this cell's colour (RGB quantised to 8 levels each, a bin
    /// counting its neighbours a quarter), smoothed over 3 x 3 cells: a colour seen nowhere else stands out.
    static func rarity(red: [Float], green: [Float], blue: [Float]) -> [Float] {
        let n = red.count
        var bins = [Float](repeating: 0, count: 512)
        func level(_ v: Float) -> Int { Int(min(255, max(0, v))) / 32 }
        let keys = (0 ..< n).map { i -> Int in level(red[i]) * 64 + level(green[i]) * 8 + level(blue[i]) }
        for key in keys { bins[key] += 1 }
        var spread = bins
        for key in 0 ..< 512 {
            let r = key / 64, g = key / 8 % 8, b = key % 8
            var sum: Float = 0
            for dr in -1 ... 1 { for dg in -1 ... 1 { for db in -1 ... 1 {
                let (rr, gg, bb) = (r + dr, g + dg, b + db)
                guard (0 ..< 8).contains(rr), (0 ..< 8).contains(gg), (0 ..< 8).contains(bb) else { continue }
                sum += bins[rr * 64 + gg * 8 + bb] * ((dr, dg, db) == (0, 0, 0) ? 1 : 0.25)
            } } }
            spread[key] = sum
        }
        let side = Int(Double(n).squareRoot())
        return SummedArea.boxBlur(keys.map { -logf(max(spread[$0] / Float(n), 1e-4)) }, width: side, height: side, radius: 1)
    }

    /// 1 where a pixel of the copy is on a grey stroke, else 0: a luma step of more than `strokeStep`
    /// to its right or lower neighbour, at a colour within `strokeGrey` of grey. Averaged into cells,
    /// it is the density of thin dark-on-light (or light-on-dark) strokes without colour: the text of
    /// a dialog, a page or a sign, which the colour cues pass over for pictures and coloured chrome.
    static func greyStrokes(_ image: AnalysisImage) -> [Float] {
        let w = image.width, h = image.height
        var strokes = [Float](repeating: 0, count: w * h)
        let greyLimit = strokeGrey * strokeGrey
        // unchecked pointers: one pass over the 240 px copy (~43k pixels)
        strokes.withUnsafeMutableBufferPointer { strokes in
            image.luma.withUnsafeBufferPointer { luma in
                image.redGreen.withUnsafeBufferPointer { redGreen in
                    image.yellowBlue.withUnsafeBufferPointer { yellowBlue in
                        // the last row and column compare with themselves (no step): `next` and `down` are 0 there
                        for y in 0 ..< h {
                            let down = y &+ 1 < h ? w : 0
                            for x in 0 ..< w {
                                let i = y &* w &+ x, next = x &+ 1 < w ? 1 : 0
                                let rg = redGreen[i], yb = yellowBlue[i]
                                guard rg * rg + yb * yb < greyLimit else { continue }
                                let l = luma[i]
                                if max(abs(luma[i &+ next] - l), abs(luma[i &+ down] - l)) > strokeStep { strokes[i] = 1 }
                            }
                        }
                    }
                }
            }
        }
        return strokes
    }

    /// Skin likelihood: Kovac et al.'s daylight rule (R > 95, G > 40, B > 20, max - min > 15,
    /// R - G > 15, R > B) without vivid reds ((max - min) / R < 0.7), softened over a few levels.
    static func skin(red: [Float], green: [Float], blue: [Float]) -> [Float] {
        func above(_ v: Float, _ limit: Float) -> Float { min(1, max(0, (v - limit) / 10 + 0.5)) }
        return red.indices.map { i in
            let r = red[i], g = green[i], b = blue[i]
            let spread = max(r, g, b) - min(r, g, b)
            let notVivid = min(1, max(0, (0.7 - spread / max(r, 1)) * 10 + 0.5))
            return above(r, 95) * above(g, 40) * above(b, 20) * above(spread, 15) * above(r - g, 15) * above(r - b, 0) * notVivid
        }
    }

    /// Share of the map's whole weight inside the box [x0, x1) x [y0, y1) (fractions of the image).
    func share(x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
        let area = SummedArea(weights, width: width, height: height)
        let total = area.sum(x0: 0, y0: 0, x1: width, y1: height)
        guard total > 0 else { return 0 }
        return area.sum(x0: x0 * Double(width), y0: y0 * Double(height), x1: x1 * Double(width), y1: y1 * Double(height)) / total
    }

    /// The centre of the saliency between `lo` and `hi` (fractions) along one axis, over the whole other axis.
    func centroid(from lo: Double, to hi: Double, horizontal: Bool) -> Double {
        var mass = 0.0, moment = 0.0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let p = horizontal ? (Double(x) + 0.5) / Double(width) : (Double(y) + 0.5) / Double(height)
                guard p >= lo, p <= hi else { continue }
                mass += Double(weights[y * width + x])
                moment += Double(weights[y * width + x]) * p
            }
        }
        return mass > 0 ? moment / mass : (lo + hi) / 2
    }

    /// The region where saliency concentrates: the cells above `threshold` times the mean (Hou and
    /// Zhang's object map), grouped into 8-connected blobs; the heaviest blob and those carrying at
    /// least `mergedShare` of its weight make one box. Nil when nothing stands out.
    func salientRegion(threshold: Float = 3) -> Subject? {
        let n = width * height
        let total = weights.reduce(0, +)
        guard total > 0 else { return nil }
        let cut = threshold * total / Float(n)
        var label = [Int](repeating: -1, count: n)
        var blobs = [(mass: Float, x0: Int, y0: Int, x1: Int, y1: Int)]()
        for start in 0 ..< n where weights[start] > cut && label[start] < 0 {
            var stack = [start]
            label[start] = blobs.count
            var blob = (mass: Float(0), x0: width, y0: height, x1: 0, y1: 0)
            while let i = stack.popLast() {
                let x = i % width, y = i / width
                blob.mass += weights[i]
                blob = (blob.mass, min(blob.x0, x), min(blob.y0, y), max(blob.x1, x + 1), max(blob.y1, y + 1))
                for dy in -1 ... 1 {
                    for dx in -1 ... 1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        let j = ny * width + nx
                        if weights[j] > cut, label[j] < 0 { label[j] = blobs.count; stack.append(j) }
                    }
                }
            }
            blobs.append(blob)
        }
        guard let top = blobs.max(by: { $0.mass < $1.mass }) else { return nil }
        let kept = blobs.filter { $0.mass >= Self.mergedShare * top.mass }
        let x0 = kept.map(\.x0).min()!, y0 = kept.map(\.y0).min()!, x1 = kept.map(\.x1).max()!, y1 = kept.map(\.y1).max()!
        let w = Double(width), h = Double(height)
        return Subject(kind: .salient, x: Double(x0) / w, y: Double(y0) / h, width: Double(x1 - x0) / w, height: Double(y1 - y0) / h,
                       confidence: Double(kept.reduce(0) { $0 + $1.mass } / total))
    }
}
