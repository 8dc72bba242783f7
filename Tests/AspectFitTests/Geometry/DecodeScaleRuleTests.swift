import Testing
@testable import AspectFit

/// The decode scale the plan picks, worked out by hand from the published bound
/// (docs/decode-scale.md), not from the code: the smallest factor each DCT scale must leave
/// the resampler is, for Lanczos3, 2 at 1/2, 2.5 at 1/4 and 2.5 at 1/8; for Lanczos2, Mitchell and
/// Catmull-Rom 2 and 2.5, never 1/8; for bilinear 2.5 at every scale; box and nearest never shrink.
@Suite struct DecodeScaleRuleTests {
    /// A JPEG of `w` x `h` fitted to a `side`-pixel square with `filter`.
    private func scale(_ w: Int, _ h: Int, to side: Int, _ filter: Filter = .lanczos3) throws -> Int {
        try CropPlan.make(sourceWidth: w, sourceHeight: h, orientation: .up, shrinkOnLoad: true, ratio: .square,
                          size: .width(side), gravity: .centre, enlarge: true, filterRadius: filter.radius).decodeScale
    }

    @Test func lanczos3() throws {
        #expect(try scale(4032, 3024, to: 256) == 4)   // T2: 378/256 = 1.48 at 1/8; 756/256 = 2.95 at 1/4
        #expect(try scale(640, 480, to: 128) == 1)     // many small files: 240/128 = 1.875 < 2 at 1/2
        #expect(try scale(640, 480, to: 120) == 2)     // 240/120 = 2
        #expect(try scale(640, 480, to: 121) == 1)     // 1.98
        #expect(try scale(2000, 2000, to: 200) == 4)   // 500/200 = 2.5 at 1/4 (1/8: 1.25)
        #expect(try scale(1999, 1999, to: 200) == 2)   // 2.499 at 1/4; 999.5/200 at 1/2
        #expect(try scale(4000, 4000, to: 200) == 8)   // 500/200 = 2.5 at 1/8
        #expect(try scale(3999, 3999, to: 200) == 4)   // 2.499 at 1/8; 999.75/200 at 1/4
        #expect(try scale(4608, 3456, to: 96) == 8)    // 432/96 = 4.5
    }

    @Test(arguments: [Filter.lanczos2, .mitchell, .catmullRom])
    func radiusTwoFilters(_ filter: Filter) throws {
        #expect(try scale(640, 480, to: 120, filter) == 2)       // 2 at 1/2
        #expect(try scale(640, 480, to: 121, filter) == 1)
        #expect(try scale(2000, 2000, to: 200, filter) == 4)     // 2.5 at 1/4
        #expect(try scale(1999, 1999, to: 200, filter) == 2)
        #expect(try scale(4800, 4800, to: 100, filter) == 4)     // 1/8 would leave 6: never for these filters
        #expect(try scale(4800, 4800, to: 100) == 8)             // where Lanczos3 takes it
    }

    @Test func bilinear() throws {
        #expect(try scale(640, 480, to: 96, .bilinear) == 2)      // 240/96 = 2.5 at 1/2
        #expect(try scale(640, 480, to: 97, .bilinear) == 1)      // 2.47
        #expect(try scale(4000, 4000, to: 200, .bilinear) == 8)   // 2.5 at 1/8
        #expect(try scale(3999, 3999, to: 200, .bilinear) == 4)
        #expect(try scale(2000, 2000, to: 200, .bilinear) == 4)   // 2.5 at 1/4
        #expect(try scale(1999, 1999, to: 200, .bilinear) == 2)   // 999.5/200 at 1/2
    }

    @Test(arguments: [Filter.box, .nearest])
    func boxAndNearestDecodeAtFullScale(_ filter: Filter) throws {
        #expect(try scale(4608, 3456, to: 64, filter) == 1)
        #expect(try scale(640, 480, to: 96, filter) == 1)
    }
}
