#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The outline of one corner, in a frame with the corner's vertex at (0, 0) and the image
/// towards +x, +y: the quarter superellipse |u|^n + |v|^n = 1, u = (e - x) / e, v = (e - y) / e,
/// which leaves both edges `extent` (e) pixels from the vertex.
///
/// n = 2 is the circular corner (e = radius). The continuous corner uses e = 1.52866483 r and
/// n = 3.343: the exponent that fits best (minimax) the three-cubic corner UIKit draws for
/// continuous corners (constants reverse-engineered by PaintCode); the fit is within 0.0076 r.
/// For n > 2 the curvature is zero where the curve meets the edge, which is what makes the
/// corner look "continuous". The outline is symmetric across the diagonal x = y, so the
/// function x -> depth(x) is its own inverse.
struct CornerProfile: Sendable, Equatable {
    /// How far along each edge, from the vertex, the curve reaches (pixels).
    let extent: Double
    /// The superellipse exponent: 2 is a circle, larger is squarer.
    let exponent: Double

    /// Where a continuous corner leaves the edge, in radii (UIKit's reverse-engineered path).
    static let continuousReach = 1.52866483
    /// The superellipse exponent closest to UIKit's continuous corner at full reach.
    static let continuousExponent = 3.343

    /// The profile for a radius already clamped to `limit`, half the output's short side.
    ///
    /// A continuous corner needs 1.53 r of edge; once that exceeds `limit` the reach stays at
    /// `limit` and the exponent falls linearly to 2 as r goes on to `limit`, so 50% is
    /// exactly the circle / capsule, and the corners of one side never overlap.
    init(radius: Double, style: CornerStyle, limit: Double) {
        let r = min(max(radius, 0), limit)
        switch style {
        case .circular:
            extent = r
            exponent = 2
        case .continuous:
            let fullReachLimit = limit / Self.continuousReach
            if r <= fullReachLimit {
                extent = r * Self.continuousReach
                exponent = Self.continuousExponent
            } else {
                let t = (r - fullReachLimit) / (limit - fullReachLimit)
                extent = limit
                exponent = 2 + (Self.continuousExponent - 2) * (1 - t)
            }
        }
    }

    /// The depth of the outline below the edge y = 0 at distance `x` from the vertex: points
    /// (x, y) with y < depth(x) are outside the shape.
    func depth(at x: Double) -> Double {
        let e = extent
        if x >= e { return 0 }
        if x <= 0 { return e }
        let u = (e - x) / e
        if exponent == 2 { return e - (e * e - (e - x) * (e - x)).squareRoot() }
        return e - e * pow(1 - pow(u, exponent), 1 / exponent)
    }

    /// The area of pixel (i, j) of the corner square that lies outside the shape, in 0...1.
    ///
    /// Exact up to the integral of depth(x): the columns of the pixel where the outline is
    /// above or below the pixel contribute 1 or 0, and only the stretch where it crosses the
    /// pixel is integrated (closed form for the circle, adaptive Simpson otherwise).
    func outsideArea(column i: Int, row j: Int) -> Double {
        let (x0, y0) = (Double(i), Double(j))
        let (x1, y1) = (x0 + 1, y0 + 1)
        if x0 >= extent || y0 >= extent { return 0 }
        let above = depth(at: y1)   // for x < above the outline is below the pixel's bottom edge
        let below = depth(at: y0)   // for x > below the outline is above the pixel's top edge
        var area = max(0, min(x1, above) - x0)
        let (lo, hi) = (max(x0, above), min(x1, below))
        if hi > lo { area += integral(from: lo, to: hi) - y0 * (hi - lo) }
        return min(max(area, 0), 1)
    }

    /// The integral of depth(x) over [a, b], a subrange of [0, extent].
    func integral(from a: Double, to b: Double) -> Double {
        if exponent == 2 {
            // depth = e - sqrt(e^2 - u^2), u = e - x; the antiderivative of sqrt(e^2 - u^2) is
            // (u sqrt(e^2 - u^2) + e^2 asin(u / e)) / 2.
            let e = extent
            func circle(_ u: Double) -> Double {
                let u = min(max(u, 0), e)
                return (u * (e * e - u * u).squareRoot() + e * e * asin(u / e)) / 2
            }
            return e * (b - a) - (circle(e - a) - circle(e - b))
        }
        let (fa, fb, fm) = (depth(at: a), depth(at: b), depth(at: (a + b) / 2))
        return simpson(a, b, fa, fm, fb, whole: (b - a) / 6 * (fa + 4 * fm + fb), tolerance: 1e-11, levels: 40)
    }

    private func simpson(_ a: Double, _ b: Double, _ fa: Double, _ fm: Double, _ fb: Double,
                         whole: Double, tolerance: Double, levels: Int) -> Double {
        let m = (a + b) / 2
        let (flm, frm) = (depth(at: (a + m) / 2), depth(at: (m + b) / 2))
        let left = (m - a) / 6 * (fa + 4 * flm + fm)
        let right = (b - m) / 6 * (fm + 4 * frm + fb)
        let delta = left + right - whole
        if levels == 0 || abs(delta) <= 15 * tolerance { return left + right + delta / 15 }
        return simpson(a, m, fa, flm, fm, whole: left, tolerance: tolerance / 2, levels: levels - 1)
            + simpson(m, b, fm, frm, fb, whole: right, tolerance: tolerance / 2, levels: levels - 1)
    }
}
