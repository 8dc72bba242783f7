#if canImport(Glibc)
import Glibc
#endif

/// Where a person looks, per analysis pixel: a weighted sum of cues, each scaled by how peaked
/// it is (Itti's normalisation: a cue that fires everywhere, like foliage detail, counts little).
///
/// Cues: colour rarity (how uncommon the pixel's colour is in this image), centre-surround
/// contrast of luma and opponent colours at two scales, detail (luma gradient), saturation and
/// skin tone; then the sum is raised to a power,
/// damped mildly towards the corners, and weighted by alpha (transparent pixels are never the subject).
struct AttentionMap {
    let width: Int
    let height: Int
    /// The saliency of each pixel, >= 0.
    let weights: [Float]

    /// The combined cues are raised to this power, so one clear subject outweighs a large area of
    /// middling texture (fitted on the annotated set, Tests/SmartCropSet).
    static let power: Float = 4
    /// How much the corners are damped relative to the centre.
    static let centrePrior: Float = 0.25

    init(_ image: AnalysisImage) {
        width = image.width
        height = image.height
        let cues: [(map: [Float], weight: Float)] = [
            (Self.rarity(image), 1.0),
            (Self.centreSurround(image), 1.0),
            (Self.detail(image), 0.6),
            (Self.saturation(image), 0.5),
            (Self.skinWithFeatures(image), 1.5),
        ]
        var total = [Float](repeating: 0, count: width * height)
        for cue in cues {
            let normalised = Self.normalised(cue.map)
            for i in total.indices { total[i] += cue.weight * normalised[i] }
        }
        let cx = Float(width) / 2, cy = Float(height) / 2
        let reach = Float(max(width, height)) / 2
        for y in 0 ..< height {
            for x in 0 ..< width {
                let i = y * width + x
                let dx = (Float(x) + 0.5 - cx) / reach, dy = (Float(y) + 0.5 - cy) / reach
                let prior = 1 - Self.centrePrior * min(1, dx * dx + dy * dy)
                let s = total[i]
                total[i] = powf(s, Self.power) * prior * image.alpha[i]
            }
        }
        weights = total
    }

    /// Scales a cue to 0...1 and weights it by (1 - mean)^2: a cue with one clear peak keeps its
    /// strength, one that is high everywhere fades.
    static func normalised(_ map: [Float]) -> [Float] {
        guard let top = map.max(), top > 1e-6 else { return map.map { _ in 0 } }
        let scaled = map.map { $0 / top }
        let mean = scaled.reduce(0, +) / Float(max(1, scaled.count))
        let peak = (1 - mean) * (1 - mean)
        return scaled.map { $0 * peak }
    }

    /// -log of the share of the image with this pixel's colour (RGB quantised to 8 levels each,
    /// alpha-weighted), lightly smoothed: small distinct things stand out from their scene.
    static func rarity(_ image: AnalysisImage) -> [Float] {
        let n = image.width * image.height
        var bins = [Float](repeating: 0, count: 512)
        var keys = [Int](repeating: 0, count: n)
        var total: Float = 0
        for i in 0 ..< n {
            let key = Int(min(255, image.red[i])) / 32 * 64 + Int(min(255, image.green[i])) / 32 * 8 + Int(min(255, image.blue[i])) / 32
            keys[i] = key
            bins[key] += image.alpha[i]
            total += image.alpha[i]
        }
        guard total > 0 else { return [Float](repeating: 0, count: n) }
        // Spread each bin into its neighbours so a colour split across a bin edge is not "rare".
        var spread = bins
        for key in 0 ..< 512 {
            let r = key / 64, g = key / 8 % 8, b = key % 8
            var s: Float = 0
            for dr in -1 ... 1 { for dg in -1 ... 1 { for db in -1 ... 1 {
                let (rr, gg, bb) = (r + dr, g + dg, b + db)
                guard (0 ..< 8).contains(rr), (0 ..< 8).contains(gg), (0 ..< 8).contains(bb) else { continue }
                s += bins[rr * 64 + gg * 8 + bb] * ((dr == 0 && dg == 0 && db == 0) ? 1 : 0.25)
            } } }
            spread[key] = s
        }
        let map = keys.map { -logf(max(spread[$0] / total, 1e-4)) }
        return SummedArea.boxBlur(map, width: image.width, height: image.height, radius: 1)
    }

    /// |centre - surround| of luma and the opponent colours, centres of radius 1 and 2 against
    /// surrounds of radius 8 and 16 pixels (of a ~160 px analysis image).
    static func centreSurround(_ image: AnalysisImage) -> [Float] {
        let w = image.width, h = image.height
        var out = [Float](repeating: 0, count: w * h)
        for plane in [image.luma, image.redGreen, image.yellowBlue] {
            let centres = [1, 2].map { SummedArea.boxBlur(plane, width: w, height: h, radius: $0) }
            let surrounds = [8, 16].map { SummedArea.boxBlur(plane, width: w, height: h, radius: $0) }
            for c in centres {
                for s in surrounds {
                    for i in out.indices { out[i] += abs(c[i] - s[i]) }
                }
            }
        }
        return out
    }

    /// Luma gradient magnitude (central differences), smoothed over 2 pixels.
    static func detail(_ image: AnalysisImage) -> [Float] {
        let w = image.width, h = image.height
        var g = [Float](repeating: 0, count: w * h)
        for y in 0 ..< h {
            for x in 0 ..< w {
                let l = image.luma
                let gx = l[y * w + min(w - 1, x + 1)] - l[y * w + max(0, x - 1)]
                let gy = l[min(h - 1, y + 1) * w + x] - l[max(0, y - 1) * w + x]
                g[y * w + x] = (gx * gx + gy * gy).squareRoot()
            }
        }
        return SummedArea.boxBlur(g, width: w, height: h, radius: 2)
    }

    /// Skin where there is detail (eyes, mouth, hair line): faces rather than bare walls or arms.
    static func skinWithFeatures(_ image: AnalysisImage) -> [Float] {
        let skin = SummedArea.boxBlur(Self.skin(image), width: image.width, height: image.height, radius: 2)
        let detail = Self.detail(image)
        let top = max(detail.max() ?? 1, 1e-6)
        return skin.indices.map { skin[$0] * (detail[$0] / top).squareRoot() }
    }

    /// Chroma: the length of the opponent-colour vector.
    static func saturation(_ image: AnalysisImage) -> [Float] {
        image.redGreen.indices.map { i in
            let a = image.redGreen[i], b = image.yellowBlue[i]
            return (a * a + b * b).squareRoot()
        }
    }

    /// Skin likelihood: Kovac et al.'s daylight rule (R > 95, G > 40, B > 20, max - min > 15,
    /// R - G > 15, R > B) without vivid reds ((max - min) / R < 0.7), softened over a few levels, smoothed so isolated pixels do not count.
    static func skin(_ image: AnalysisImage) -> [Float] {
        func above(_ v: Float, _ limit: Float) -> Float { min(1, max(0, (v - limit) / 10 + 0.5)) }
        let map = image.red.indices.map { i -> Float in
            let r = image.red[i], g = image.green[i], b = image.blue[i]
            let spread = max(r, g, b) - min(r, g, b)
            let notVivid = min(1, max(0, (0.7 - spread / max(r, 1)) * 10 + 0.5))
            return above(r, 95) * above(g, 40) * above(b, 20) * above(spread, 15) * above(r - g, 15) * above(r - b, 0) * notVivid
        }
        return SummedArea.boxBlur(map, width: image.width, height: image.height, radius: 1)
    }
}
