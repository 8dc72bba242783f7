import Foundation
import Testing
@testable import AspectFit

/// Every pixel of a mask against coverage computed independently: the kept shape is sliced into
/// 2048 vertical strips per pixel column and each strip's covered height summed (midpoint rule),
/// with the corner outline written from its definition, not from `CornerProfile`.
@Suite struct CoverageOracleTests {
    /// A corner outline: the quarter superellipse |u|^n + |v|^n = 1 reaching `extent` along each
    /// edge from the vertex (n = 2, extent = r: the circle; the continuous corner at full reach:
    /// extent 1.52866483 r, n = 3.343, UIKit's path as measured by PaintCode).
    struct Outline {
        var extent: Double
        var exponent: Double

        /// Depth below the edge of the cut-away region at distance x along the edge from the vertex.
        func depth(_ x: Double) -> Double {
            guard x < extent else { return 0 }
            let u = (extent - x) / extent
            return extent * (1 - pow(1 - pow(u, exponent), 1 / exponent))
        }
    }

    /// The kept fraction of pixel (x, y) of a w x h image whose four corners follow `outline`.
    static func coverage(x: Int, y: Int, width w: Int, height h: Int, outline: Outline, strips: Int = 2048) -> Double {
        // Fold into the top-left quadrant frame of the nearest corner (the image is symmetric).
        var outside = 0.0
        for s in 0 ..< strips {
            let px = Double(x) + (Double(s) + 0.5) / Double(strips)
            let fx = min(px, Double(w) - px)
            let d = outline.depth(fx)
            // Rows [y, y+1) against the cut-away [0, d) at the top and (h - d, h] at the bottom.
            let top = min(max(d - Double(y), 0), 1)
            let bottom = min(max(Double(y + 1) - (Double(h) - d), 0), 1)
            outside += min(top + bottom, 1)
        }
        return 1 - outside / Double(strips)
    }

    struct Case: CustomStringConvertible, Sendable {
        var width: Int, height: Int, radius: Double, style: CornerStyle
        var outline: Outline {
            style == .circular ? Outline(extent: radius, exponent: 2) : Outline(extent: radius * 1.52866483, exponent: 3.343)
        }
        var description: String { "\(width)x\(height) r\(radius) \(style)" }
    }

    static let cases: [Case] = [
        Case(width: 160, height: 120, radius: 37.3, style: .circular),
        Case(width: 130, height: 130, radius: 65, style: .circular),        // 50%: a disc
        Case(width: 33, height: 20, radius: 0.4, style: .circular),
        Case(width: 40, height: 30, radius: 2.5, style: .circular),
        Case(width: 200, height: 150, radius: 41.7, style: .continuous),
        Case(width: 50, height: 40, radius: 3.2, style: .continuous),
    ]

    /// Every pixel within one code of the rounded oracle, and over the pixels the outline crosses
    /// the mean signed error near zero: rounding coverage down (or up) instead of to nearest
    /// shifts it by half a code.
    @Test(arguments: cases)
    func everyPixelMatchesTheSupersampledCoverage(_ c: Case) {
        let mask = CornerMask(width: c.width, height: c.height, radius: .pixels(c.radius), style: c.style)
        let plane = coveragePlane(mask)
        var wrong = [String]()
        var edgeErrors = [Double]()
        let reach = Int(c.outline.extent.rounded(.up)) + 1
        for y in 0 ..< c.height {
            for x in 0 ..< c.width {
                let inCorner = (x < reach || x >= c.width - reach) && (y < reach || y >= c.height - reach)
                let expected = inCorner ? Self.coverage(x: x, y: y, width: c.width, height: c.height, outline: c.outline) : 1
                let got = Double(plane[y * c.width + x])
                if abs(got - expected * 255) > 1 { wrong.append("(\(x), \(y)): \(got), oracle \(expected * 255)") }
                if expected > 1e-6 && expected < 1 - 1e-6 { edgeErrors.append(got - expected * 255) }
            }
        }
        #expect(wrong.isEmpty, "\(c): \(wrong.count) pixels off by more than one code, e.g. \(wrong.prefix(4))")
        #expect(!edgeErrors.isEmpty)
        let mean = edgeErrors.reduce(0, +) / Double(edgeErrors.count)
        if edgeErrors.count >= 40 {
            #expect(abs(mean) < 0.15, "\(c): mean signed error \(mean) codes over \(edgeErrors.count) edge pixels")
        }
    }

    /// The oracle itself against closed forms: a quarter disc of radius r cuts (1 - pi/4) r^2.
    @Test func theOracleCutsTheAnalyticArea() {
        let outline = Outline(extent: 10, exponent: 2)
        var cut = 0.0
        for y in 0 ..< 11 { for x in 0 ..< 11 { cut += 1 - Self.coverage(x: x, y: y, width: 100, height: 100, outline: outline) } }
        #expect(abs(cut - (1 - Double.pi / 4) * 100) < 1e-3)
    }
}
