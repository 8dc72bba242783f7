import Foundation
import Testing
@testable import AspectFit

/// Spectral residual and the salient region against independent oracles: the FFT against the
/// direct DFT formula in float64, the saliency against pictures whose subject is known by construction.
@Suite struct SaliencyTests {
    @Test func fftMatchesTheDirectFormula() {
        let side = 16
        var rng = SplitMix64(seed: 28)
        let plane = (0 ..< side * side).map { _ in Double(rng.next() % 256) }
        var re = plane, im = [Double](repeating: 0, count: side * side)
        SpectralResidual.transform(&re, &im, side: side, inverse: false)
        for (u, v) in [(0, 0), (1, 0), (3, 5), (15, 15), (8, 2)] {
            var sr = 0.0, si = 0.0
            for y in 0 ..< side {
                for x in 0 ..< side {
                    let angle = -2 * Double.pi * Double(u * x + v * y) / Double(side)
                    sr += plane[y * side + x] * cos(angle)
                    si += plane[y * side + x] * sin(angle)
                }
            }
            #expect(abs(re[v * side + u] - sr) < 1e-6 * max(1, abs(sr)) && abs(im[v * side + u] - si) < 1e-6 * max(1, abs(si)), "(\(u),\(v))")
        }
        SpectralResidual.transform(&re, &im, side: side, inverse: true)
        #expect(zip(re, plane).allSatisfy { abs($0 - $1) < 1e-9 } && im.allSatisfy { abs($0) < 1e-9 })
    }

    /// A small disc on a periodic texture: the texture's energy sits in a few spectral peaks the
    /// residual removes; the disc is what is left.
    @Test func residualMarksTheOddOneOut() {
        let side = 64
        for (cx, cy) in [(16, 20), (44, 40), (50, 12)] {
            let plane = (0 ..< side * side).map { i -> Float in
                let x = i % side, y = i / side
                let disc = (x - cx) * (x - cx) + (y - cy) * (y - cy) <= 9
                return disc ? 230 : 120 + 40 * Float(sin(Double(x) * 0.8) * sin(Double(y) * 0.8))
            }
            let map = SpectralResidual.saliency(plane, side: side)
            let peak = map.indices.max { map[$0] < map[$1] }!
            let px = peak % side, py = peak / side
            #expect(abs(px - cx) <= 3 && abs(py - cy) <= 3, "peak (\(px),\(py)) for a disc at (\(cx),\(cy))")
        }
    }

    /// The salient region of KnownSubjectTests' pictures holds the disc, wherever it is.
    @Test func salientRegionHoldsTheDisc() {
        for (fx, fy) in [(0.2, 0.3), (0.75, 0.7), (0.5, 0.5), (0.85, 0.2)] {
            let w = 300, h = 200, r = 18.0
            let picture = KnownSubjectTests.picture(width: w, height: h, cx: fx * Double(w), cy: fy * Double(h), r: r)
            let map = SaliencyMap(AnalysisImage(frame: picture, orientation: .up, longSide: 240))
            let region = try? #require(map.salientRegion())
            guard let region else { continue }
            #expect(region.x <= fx && region.maxX >= fx && region.y <= fy && region.maxY >= fy, "\(region) for a disc at \(fx),\(fy)")
            #expect(region.width < 0.5 && region.height < 0.6, "\(region)")
        }
    }

    /// Transparent clutter is never salient: alpha weighs the map.
    @Test func transparentPixelsCarryNoSaliency() {
        let picture = KnownSubjectTests.picture(width: 300, height: 120, cx: 240, cy: 60, r: 20, transparentClutter: true)
        let map = SaliencyMap(AnalysisImage(frame: picture, orientation: .up, longSide: 240))
        #expect(map.share(x0: 0, y0: 0, x1: 0.45, y1: 1) < 0.02)
    }
}
