import Testing
@testable import AspectFit

/// The decode scale the plan picks, worked out by hand from the published bound
/// (docs/decode-scale.md), not from the code: the smallest factor each DCT scale must leave
/// the resampler is, for Lanczos3, 2 at 1/2, 2.5 at 1/4 and 2.5 at 1/8; for Lanczos2, Mitchell and
/// Catmull-Rom 2 and 2.5, never 1/8; for bilinear 2.5 at every scale; box and nearest never shrink.
@Suite struct DecodeScaleRuleTests {
    /// A JPEG of `w` x `h` fitted to a `side`-pixel square with `filter`.
    private func scale(_ w: Int, _ h: Int, to side: Int, _ filter: Filter = .lanczos3) throws -> Int {
        try CropPlan.make(sourceWidth: w, sourceHeight: h, orientation: .up, shrinkOnLoad: .dct, ratio: .square,
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

    /// A lossy WebP of `w` x `h` (with `alpha` or not) fitted to a `side`-pixel square with `filter`.
    private func webpScale(_ w: Int, _ h: Int, to side: Int, _ filter: Filter = .lanczos3, alpha: Bool = false) throws -> Int {
        try CropPlan.make(sourceWidth: w, sourceHeight: h, orientation: .up, shrinkOnLoad: .blockMean(alpha: alpha), ratio: .square,
                          size: .width(side), gravity: .centre, enlarge: true, filterRadius: filter.radius).decodeScale
    }

    /// WebP (docs/decode-scale-webp.md): 1/4 and 1/8 from a factor of 2.5 (bilinear: 1/8 from 3;
    /// radius-2 filters never 1/8; with alpha 1/8 only), never 1/2, and only a d that divides both stored sides.
    @Test func lossyWebP() throws {
        #expect(try webpScale(4032, 3024, to: 256) == 4)    // 756/256 = 2.95 at 1/4; 1/8: 1.48
        #expect(try webpScale(4000, 4000, to: 200) == 8)    // 500/200 = 2.5 at 1/8
        #expect(try webpScale(4000, 4000, to: 201) == 4)    // 2.49 at 1/8; 1000/201 at 1/4
        #expect(try webpScale(2000, 2000, to: 200) == 4)    // 2.5 at 1/4
        #expect(try webpScale(2000, 2000, to: 201) == 1)    // 2.49 at 1/4, and 1/2 is never taken (JPEG: 2)
        #expect(try scale(2000, 2000, to: 201) == 2)
        #expect(try webpScale(4004, 4004, to: 200) == 4)    // 8 does not divide 4004
        #expect(try webpScale(4000, 4004, to: 200) == 4)    // nor one side of 4000x4004
        #expect(try webpScale(4002, 4002, to: 100) == 1)    // neither 4 nor 8 does
        #expect(try webpScale(4800, 4800, to: 100, .mitchell) == 4)   // radius 2: never 1/8
        #expect(try webpScale(4800, 4800, to: 200, .bilinear) == 8)   // 600/200 = 3 at 1/8
        #expect(try webpScale(4800, 4800, to: 201, .bilinear) == 4)   // 2.99 at 1/8
        #expect(try webpScale(4800, 4800, to: 100, .box) == 1)
        #expect(try webpScale(4032, 3024, to: 256, alpha: true) == 1)   // 1/4 is not taken with alpha
        #expect(try webpScale(4000, 4000, to: 200, alpha: true) == 8)
        #expect(try webpScale(4800, 4800, to: 100, .mitchell, alpha: true) == 1)
    }

    @Test func noShrinkOnLoadDecodesAtFullScale() throws {
        let p = try CropPlan.make(sourceWidth: 4000, sourceHeight: 4000, orientation: .up, shrinkOnLoad: .none, ratio: .square,
                                  size: .width(100), gravity: .centre, enlarge: true, filterRadius: 3)
        #expect(p.decodeScale == 1)
    }

    @Test(arguments: [Filter.box, .nearest])
    func boxAndNearestDecodeAtFullScale(_ filter: Filter) throws {
        #expect(try scale(4608, 3456, to: 64, filter) == 1)
        #expect(try scale(640, 480, to: 96, filter) == 1)
    }
}
