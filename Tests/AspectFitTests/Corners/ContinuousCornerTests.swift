import Foundation
import Testing
@testable import AspectFit

@Suite struct ContinuousCornerTests {
    /// The area one superellipse corner of reach e and exponent n cuts away:
    /// e^2 (1 - Gamma(1 + 1/n)^2 / Gamma(1 + 2/n)).
    private func cutArea(_ profile: CornerProfile) -> Double {
        let (e, n) = (profile.extent, profile.exponent)
        return e * e * (1 - pow(tgamma(1 + 1 / n), 2) / tgamma(1 + 2 / n))
    }

    @Test func symmetricInTheFourCornersAndAcrossEachDiagonal() {
        let (w, h) = (400, 300)
        let mask = CornerMask(width: w, height: h, radius: .pixels(60), style: .continuous)
        let plane = coveragePlane(mask)
        #expect(plane == (0 ..< w * h).map { plane[$0 / w * w + (w - 1 - $0 % w)] })
        #expect(plane == (0 ..< w * h).map { plane[(h - 1 - $0 / w) * w + $0 % w] })
        let side = 92   // ceil(1.52866 * 60)
        var asymmetric = 0
        for y in 0 ..< side { for x in 0 ..< side where plane[y * w + x] != plane[x * w + y] { asymmetric += 1 } }
        #expect(asymmetric == 0)
        #expect(plane[91 * w] < 255 && plane[92 * w] == 255)   // reaches 1.53 r down the edge
    }

    @Test func coverageNeverIncreasesAlongRaysTowardsTheCorner() {
        let w = 300
        let mask = CornerMask(width: w, height: w, radius: .pixels(64), style: .continuous)
        let plane = coveragePlane(mask)
        let e = 64 * CornerProfile.continuousReach
        for step in 0 ... 16 {
            let angle = Double.pi / 2 * Double(step) / 16
            var previous = UInt8(255)
            var t = 0.0
            while true {
                let x = e - t * cos(angle), y = e - t * sin(angle)
                guard x >= 0, y >= 0 else { break }
                let value = plane[Int(y) * w + Int(x)]
                #expect(value <= previous, "ray \(step) rises at (\(x), \(y))")
                previous = value
                t += 0.25
            }
        }
        // Stronger: monotone along both axes of the corner square, which implies every ray.
        var rises = 0
        for y in 0 ..< 97 { for x in 0 ..< 97 where plane[y * w + x] > plane[y * w + x + 1] || plane[y * w + x] > plane[(y + 1) * w + x] { rises += 1 } }
        #expect(rises == 0)
    }

    @Test(arguments: [(512, 512, 64.0), (800, 300, 40.0), (1000, 700, 150.0), (90, 90, 12.0)])
    func keptAreaMatchesTheSuperellipse(_ w: Int, _ h: Int, _ r: Double) {
        let mask = CornerMask(width: w, height: h, radius: .pixels(r), style: .continuous)
        let profile = CornerProfile(radius: r, style: .continuous, limit: Double(min(w, h)) / 2)
        let expectedCut = 4 * cutArea(profile)
        let cut = Double(w * h) - keptArea(mask)
        #expect(abs(cut - expectedCut) <= 0.001 * Double(w * h))
        #expect(abs(cut - expectedCut) <= 0.01 * expectedCut, "cut \(cut), expected \(expectedCut)")
    }

    /// Apple's continuous corner cuts a little MORE than a circular one of the same radius (it
    /// reaches 1.53 r along the edges while its 45-degree point is nearly the circle's), and far
    /// less than a circular corner as long as its reach.
    @Test func cutAreaLiesBetweenTheCircularCornersOfItsRadiusAndOfItsReach() {
        let (w, r) = (600, 80.0)
        let cut = Double(w * w) - keptArea(CornerMask(width: w, height: w, radius: .pixels(r), style: .continuous))
        let circularCut = Double(w * w) - keptArea(CornerMask(width: w, height: w, radius: .pixels(r), style: .circular))
        let reachCut = Double(w * w) - keptArea(CornerMask(width: w, height: w, radius: .pixels(r * CornerProfile.continuousReach), style: .circular))
        #expect(circularCut < cut && cut < 1.1 * circularCut)
        #expect(cut < 0.5 * reachCut)
    }

    /// The reverse-engineered UIKit corner (three cubics and two short lines, in radii from
    /// the vertex) as published by PaintCode; the superellipse must follow it within 1% of r.
    @Test func followsTheUIKitContinuousCorner() {
        typealias P = (x: Double, y: Double)
        func cubic(_ a: P, _ b: P, _ c: P, _ d: P, _ t: Double) -> P {
            let s = 1 - t
            return (s * s * s * a.x + 3 * s * s * t * b.x + 3 * s * t * t * c.x + t * t * t * d.x,
                    s * s * s * a.y + 3 * s * s * t * b.y + 3 * s * t * t * c.y + t * t * t * d.y)
        }
        var points = [P]()
        for k in 0 ... 200 {
            let t = Double(k) / 200
            points.append(cubic((1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496), t))
            points.append((0.66993427 + (0.63149399 - 0.66993427) * t, 0.065496 + (0.074911 - 0.065496) * t))
            points.append(cubic((0.63149399, 0.074911), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.074911, 0.63149399), t))
        }
        points += points.map { ($0.y, $0.x) }
        let profile = CornerProfile(radius: 1, style: .continuous, limit: 100)
        let (e, n) = (profile.extent, profile.exponent)
        var worst = 0.0
        for p in points {
            let (u, v) = ((e - p.x) / e, (e - p.y) / e)
            let rho = (u * u + v * v).squareRoot()
            let (c, s) = (u / rho, v / rho)
            let onCurve = 1 / pow(pow(c, n) + pow(s, n), 1 / n)
            worst = max(worst, abs(rho - onCurve) * e)
        }
        #expect(worst < 0.01, "worst deviation \(worst) r")
    }

    /// No kink: the slope of the outline changes by ever smaller steps as the sampling gets
    /// finer, through the diagonal, and reaches 0 where the outline meets the straight edge.
    @Test func theOutlineIsSmooth() {
        let profile = CornerProfile(radius: 100, style: .continuous, limit: 1000)
        let e = profile.extent
        let diagonal = e * (1 - pow(0.5, 1 / profile.exponent))
        #expect(abs(profile.depth(at: diagonal) - diagonal) < 1e-9)
        let steps = 20000
        let dx = (e - diagonal) / Double(steps)
        var slopes = [Double]()
        for k in 0 ..< steps {
            let x = diagonal + Double(k) * dx
            slopes.append((profile.depth(at: x + dx) - profile.depth(at: x)) / dx)
        }
        let biggestJump = zip(slopes, slopes.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(biggestJump < 1e-3)
        #expect(abs(slopes[0] + 1) < 1e-3)          // -1 at the diagonal, mirrored on the other half
        #expect(abs(slopes[steps - 1]) < 1e-6)      // flat where it meets the edge
        // The rendered mask: the depth cut from each column (sum of 1 - coverage) has no spike
        // in its second difference, which a kink in the outline would make.
        let w = 1024
        let plane = coveragePlane(CornerMask(width: w, height: w, radius: .pixels(200), style: .continuous))
        var columns = [Double](repeating: 0, count: 320)
        for x in 0 ..< 320 {
            for y in 0 ..< 320 { columns[x] += Double(255 - Int(plane[y * w + x])) / 255 }
        }
        var secondDifferences = [Double]()
        for x in 1 ..< 319 {
            let bend: Double = columns[x - 1] - 2 * columns[x] + columns[x + 1]
            secondDifferences.append(abs(bend))
        }
        let startOfCurve = 100   // left of here the column depths are steep (the mirrored half)
        #expect(secondDifferences[startOfCurve...].max()! < 0.04)
    }

    @Test func fiftyPercentFallsBackToTheCircleAndCapsule() {
        for (w, h) in [(101, 101), (300, 200), (64, 257)] {
            let continuous = CornerMask(width: w, height: h, radius: .percent(50), style: .continuous)
            let circular = CornerMask(width: w, height: h, radius: .percent(50), style: .circular)
            #expect(coveragePlane(continuous) == coveragePlane(circular))
        }
    }

    @Test func growingTheRadiusPastFullReachRoundsSmoothlyAndNeverOverlaps() {
        let (w, h) = (400, 200)
        var previousCut = 0.0
        var previousProfile: CornerProfile? = nil
        for step in 0 ... 20 {
            let r = 50 + 50 * Double(step) / 20   // from 0.25 to 0.5 of the short side
            let profile = CornerProfile(radius: r, style: .continuous, limit: 100)
            #expect(profile.extent <= 100)
            let cut = cutArea(profile)
            #expect(cut > previousCut)
            if let previous = previousProfile {
                #expect(abs(profile.exponent - previous.exponent) < 0.15 && abs(profile.extent - previous.extent) < 8)
            }
            previousCut = cut
            previousProfile = profile
            #expect(CornerMask(width: w, height: h, radius: .pixels(r), style: .continuous).radius == r)
        }
        #expect(previousProfile?.exponent == 2 && previousProfile?.extent == 100)
    }
}
