import Testing
@testable import AspectFit

/// The decode scale the plan picks, worked out by hand from the published bound (README "How it
/// works", docs/decode-scale.md), not from the code: the smallest factor each DCT scale must leave
/// the resampler is, for Lanczos3, 1.75 at 1/2, 2 at 1/4 and 2 at 1/8; for Lanczos2, Mitchell and
/// Catmull-Rom 1.5 and 1.75, never 1/8; for bilinear 1.75, 2 and 3; box and nearest never shrink on load.
@Suite struct DecodeScaleRuleTests {
    /// A JPEG of `w` x `h` fitted to a `side`-pixel square with `filter`.
    private func scale(_ w: Int, _ h: Int, to side: Int, _ filter: Filter = .lanczos3) throws -> Int {
        try CropPlan.make(sourceWidth: w, sourceHeight: h, orientation: .up, shrinkOnLoad: true, ratio: .square,
                          size: .width(side), gravity: .centre, enlarge: true, filterRadius: filter.radius).decodeScale
    }

    @Test func lanczos3() throws {
        #expect(try scale(4032, 3024, to: 256) == 4)   // T2: 378/256 = 1.48 < 2 at 1/8; 756/256 = 2.95 at 1/4
        #expect(try scale(640, 480, to: 128) == 2)     // many small files: 240/128 = 1.875 >= 1.75 at 1/2
        #expect(try scale(600, 480, to: 137) == 2)     // 240/137 = 1.752
        #expect(try scale(600, 480, to: 138) == 1)     // 240/138 = 1.739 < 1.75
        #expect(try scale(1600, 1600, to: 200) == 4)   // 400/200 = 2 at 1/4 (1/8: 1)
        #expect(try scale(1599, 1599, to: 200) == 2)   // 399.75/200 < 2 at 1/4; 799.5/200 at 1/2
        #expect(try scale(3200, 3200, to: 200) == 8)   // 400/200 = 2 at 1/8
        #expect(try scale(3199, 3199, to: 200) == 4)
        #expect(try scale(4608, 3456, to: 96) == 8)    // 432/96 = 4.5
    }

    @Test(arguments: [Filter.lanczos2, .mitchell, .catmullRom])
    func radiusTwoFilters(_ filter: Filter) throws {
        #expect(try scale(600, 480, to: 160, filter) == 2)     // 240/160 = 1.5 at 1/2
        #expect(try scale(600, 480, to: 161, filter) == 1)     // 1.49
        #expect(try scale(1400, 1400, to: 200, filter) == 4)   // 350/200 = 1.75 at 1/4
        #expect(try scale(1399, 1399, to: 200, filter) == 2)
        #expect(try scale(4800, 4800, to: 100, filter) == 4)   // 1/8 would leave 6: never for these filters
        #expect(try scale(4800, 4800, to: 100) == 8)           // where Lanczos3 takes it
        #expect(try scale(4032, 3024, to: 256, filter) == 4)
    }

    @Test func bilinear() throws {
        #expect(try scale(640, 480, to: 128, .bilinear) == 2)     // 1.875 >= 1.75
        #expect(try scale(600, 480, to: 138, .bilinear) == 1)     // 1.739
        #expect(try scale(4800, 4800, to: 200, .bilinear) == 8)   // 600/200 = 3 at 1/8
        #expect(try scale(4799, 4799, to: 200, .bilinear) == 4)   // 2.999 at 1/8; 1199.75/200 at 1/4
        #expect(try scale(1600, 1600, to: 200, .bilinear) == 4)   // 2 at 1/4
        #expect(try scale(1599, 1599, to: 200, .bilinear) == 2)
    }

    @Test(arguments: [Filter.box, .nearest])
    func boxAndNearestDecodeAtFullScale(_ filter: Filter) throws {
        #expect(try scale(4608, 3456, to: 64, filter) == 1)
        #expect(try scale(640, 480, to: 128, filter) == 1)
    }
}
