import Testing
@testable import AspectFit

@Suite struct OrientationTests {
    @Test(arguments: Orientation.allCases)
    func storedIsTheInverseOfUpright(_ o: Orientation) {
        for (x, y) in [(0.0, 0.0), (3.5, 1.25), (10.0, 6.0), (7.0, 0.5)] {
            let u = o.upright(x: x, y: y, storedWidth: 10, storedHeight: 6)
            let s = o.stored(x: u.x, y: u.y, storedWidth: 10, storedHeight: 6)
            #expect(s.x == x && s.y == y)
        }
    }

    @Test(arguments: Orientation.allCases)
    func pixelMappingAgreesWithPointMapping(_ o: Orientation) {
        let (w, h) = (5, 3)
        for j in 0 ..< h {
            for i in 0 ..< w {
                let p = o.uprightPixel(i: i, j: j, storedWidth: w, storedHeight: h)
                let c = o.upright(x: Double(i) + 0.5, y: Double(j) + 0.5, storedWidth: Double(w), storedHeight: Double(h))
                #expect(Double(p.x) + 0.5 == c.x && Double(p.y) + 0.5 == c.y)
            }
        }
    }

    /// The library's pixel mapping against the EXIF table written out in the test fixtures.
    @Test(arguments: Orientation.allCases)
    func pixelMappingFollowsTheEXIFTable(_ o: Orientation) {
        let (w, h) = (5, 3)
        for j in 0 ..< h {
            for i in 0 ..< w {
                let p = o.uprightPixel(i: i, j: j, storedWidth: w, storedHeight: h)
                let e = ResamplingFixtures.exifUpright(o.rawValue, x: i, y: j, w: w, h: h)
                #expect(p.x == e.x && p.y == e.y, "\(o) (\(i), \(j))")
            }
        }
    }

    @Test func invalidTagsMeanUp() {
        #expect(Orientation(exifValue: 0) == .up)
        #expect(Orientation(exifValue: 9) == .up)
        #expect(Orientation(exifValue: 6) == .right)
    }
}
