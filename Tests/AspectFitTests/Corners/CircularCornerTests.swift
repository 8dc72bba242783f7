import Testing
@testable import AspectFit

@Suite struct CircularCornerTests {
    /// Whether the circle of radius `r` centred at (cx, cy) passes through the open square of
    /// pixel (x, y), and otherwise whether the pixel is inside it.
    private func classify(x: Int, y: Int, cx: Double, cy: Double, r: Double) -> (edge: Bool, inside: Bool) {
        let (x0, y0, x1, y1) = (Double(x), Double(y), Double(x + 1), Double(y + 1))
        let nx = min(max(cx, x0), x1) - cx, ny = min(max(cy, y0), y1) - cy
        let fx = max(abs(x0 - cx), abs(x1 - cx)), fy = max(abs(y0 - cy), abs(y1 - cy))
        let near = (nx * nx + ny * ny).squareRoot(), far = (fx * fx + fy * fy).squareRoot()
        return (near < r && r < far, far <= r)
    }

    @Test func alphaIsOpaqueInsideClearOutsideAndPartialExactlyOnTheArc() {
        let (w, h, r) = (512, 512, 64.0)
        let plane = coveragePlane(CornerMask(width: w, height: h, radius: .pixels(r), style: .circular))
        var edges = 0
        var wrong = [String]()
        for y in 0 ..< h {
            for x in 0 ..< w {
                let value = plane[y * w + x]
                let inCornerX = Double(x) < r || Double(x) >= Double(w) - r
                let inCornerY = Double(y) < r || Double(y) >= Double(h) - r
                guard inCornerX, inCornerY else {
                    if value != 255 { wrong.append("(\(x), \(y)) outside the corners: \(value)") }
                    continue
                }
                let cx = Double(x) < r ? r : Double(w) - r, cy = Double(y) < r ? r : Double(h) - r
                let (edge, inside) = classify(x: x, y: y, cx: cx, cy: cy, r: r)
                if edge {
                    edges += 1
                    if value == 0 || value == 255 { wrong.append("edge (\(x), \(y)): \(value)") }
                } else if value != (inside ? 255 : 0) {
                    wrong.append("(\(x), \(y)) \(inside ? "inside" : "outside"): \(value)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(5))")
        #expect(edges > 4 * 64)
    }

    /// w * h - (4 - pi) r^2, the area of a rounded rectangle with clamped radius r.
    @Test(arguments: [
        (512, 512, CornerRadius.pixels(64)), (300, 200, .pixels(37.5)), (97, 61, .percent(12.5)),
        (100, 100, .percent(50)), (101, 101, .percent(50)), (640, 360, .percent(50)), (361, 640, .percent(50)),
        (200, 100, .pixels(1000)), (64, 64, .pixels(1.5)), (33, 20, .pixels(0.4)),
    ])
    func keptAreaMatchesTheAnalyticRoundedRectangle(_ w: Int, _ h: Int, _ radius: CornerRadius) {
        let mask = CornerMask(width: w, height: h, radius: radius, style: .circular)
        let r = radius.pixels(width: w, height: h)
        let expected = Double(w * h) - (4 - Double.pi) * r * r
        let kept = keptArea(mask)
        #expect(abs(kept - expected) <= 0.001 * expected, "kept \(kept), expected \(expected)")
        // The cut-away area itself, to 1% (0.02 px for tiny radii, a few codes of quantisation):
        // far stricter than the total, and an empty mask fails even at r = 0.4 (cut 0.137 px).
        let cut = Double(w * h) - kept, expectedCut = (4 - Double.pi) * r * r
        #expect(abs(cut - expectedCut) <= max(0.01 * expectedCut, 0.02), "cut \(cut), expected \(expectedCut)")
    }

    @Test func fiftyPercentOfASquareIsADisc() {
        let mask = CornerMask(width: 257, height: 257, radius: .percent(50), style: .circular)
        let r = 128.5
        #expect(abs(keptArea(mask) - Double.pi * r * r) <= 0.001 * Double.pi * r * r)
        #expect(mask.coverage(x: 128, y: 128) == 255)
        #expect(mask.coverage(x: 0, y: 0) == 0)
        #expect(mask.coverage(x: 128, y: 0) > 0 && mask.coverage(x: 128, y: 0) < 255)
    }

    @Test func aRadiusTooLargeIsClampedToTheCapsule() {
        let big = CornerMask(width: 300, height: 120, radius: .pixels(500), style: .circular)
        let capsule = CornerMask(width: 300, height: 120, radius: .percent(50), style: .circular)
        #expect(big.radius == 60)
        #expect(big == capsule)
    }

    @Test func zeroRadiusChangesNothing() {
        let mask = CornerMask(width: 40, height: 30, radius: .pixels(0), style: .circular)
        #expect(mask.isEmpty)
        #expect(coveragePlane(mask).allSatisfy { $0 == 255 })
    }

    @Test func theFourCornersAreMirrorImages() {
        let (w, h) = (211, 150)
        let plane = coveragePlane(CornerMask(width: w, height: h, radius: .pixels(41.3), style: .circular))
        let mirroredX = (0 ..< w * h).map { plane[$0 / w * w + (w - 1 - $0 % w)] }
        let mirroredY = (0 ..< w * h).map { plane[(h - 1 - $0 / w) * w + $0 % w] }
        #expect(plane == mirroredX)
        #expect(plane == mirroredY)
    }

    @Test func coverageLookupAgreesWithTheAppliedMask() {
        let (w, h) = (131, 90)
        for style in CornerStyle.allCases {
            let mask = CornerMask(width: w, height: h, radius: .percent(37), style: style)
            let plane = coveragePlane(mask)
            #expect((0 ..< w * h).allSatisfy { mask.coverage(x: $0 % w, y: $0 / w) == plane[$0] })
        }
    }
}
