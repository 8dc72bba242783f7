import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// A HEIF grid's tiles leave out HEVC's in-loop filters (deblocking, SAO) only where the resampler
/// hides it (`CropPlan.hidesInLoopFilters`, measured in docs/formats.md). The oracle for "kept" is the
/// same pixels given as a PNG, whose route has no filters to leave out, and the float64
/// `ReferenceResampler` of the filtered decode for "left out".
@Suite struct InLoopFilterTests {
    /// An iPhone-style grid (530x600 upright, 512x512 tiles by x265), whose filters move a fifth of
    /// its samples.
    static let file = "phone-512.heic"

    static func shape(side: Int) -> (inout FitOptions) -> Void {
        { o in o.ratio = .square; o.size = .width(side); o.format = .jpeg; o.jpeg.encoder = .turbo }
    }

    /// The filtered decode as a PNG: the route that keeps every filter.
    static func filteredPNG() throws -> (data: [UInt8], png: [UInt8], source: PixelBuffer) {
        let data = try HEIFGridSet.read(file)
        let source = try ImageFile.decode(data).pixels
        return (data, try ImageEncoder.encodePNG(source, options: PNGEncodeOptions()), source)
    }

    /// At a reduction of 2.5 or more on both axes (the measured bound) the filters are left out (the
    /// bytes differ from the filtered route's, within the bound on the reference); below it the output
    /// is the filtered route's, byte for byte.
    @Test func theFiltersAreLeftOutOnlyWhereTheResamplerHidesThem() throws {
        let (data, png, source) = try Self.filteredPNG()
        // the square crop is 530 wide: 530 / side is the factor left to the resampler (212: 2.5, 213: 2.49)
        let cases: [(side: Int, hidden: Bool)] = [(100, true), (212, true), (213, false), (400, false)]
        for c in cases {
            let heif = try PipelineTests.fit(data, Self.shape(side: c.side))
            let filtered = try PipelineTests.fit(png, Self.shape(side: c.side))
            #expect(heif.plan.geometry.hidesInLoopFilters == c.hidden, "side \(c.side)")
            guard c.hidden else {
                #expect(Bytes(heif.bytes) == Bytes(filtered.bytes), "side \(c.side): the filters kept, the filtered decode's bytes")
                continue
            }
            #expect(heif.bytes != filtered.bytes, "side \(c.side): the filters left out show in the bytes")
            let reference = ReferenceResampler.resample(source, filter: .lanczos3, crop: heif.plan.geometry.crop, width: c.side, height: c.side)
            let drift = ResamplingFixtures.psnr(try ImageFile.decode(filtered.bytes).pixels, reference)
                - ResamplingFixtures.psnr(try ImageFile.decode(heif.bytes).pixels, reference)
            #expect(drift <= 0.2, "side \(c.side): \(drift) dB")
        }
    }

    /// The smart-crop route follows the same rule: with a box of the source's shape (no window to
    /// choose) its output is the streamed route's, filters left out or kept alike.
    @Test func theSmartCropRouteFollowsTheSameRule() throws {
        let (data, png, _) = try Self.filteredPNG()
        for side in [100, 400] {
            let shape = { (o: inout FitOptions) in
                o.ratio = try .custom(width: 530, height: 600); o.size = .width(side); o.format = .png
            }
            let streamed = try PipelineTests.fit(data, shape)
            let attention = try PipelineTests.fit(data) { o in try shape(&o); o.gravity = .attention }
            #expect(Bytes(attention.bytes) == Bytes(streamed.bytes), "side \(side)")
            let filtered = try PipelineTests.fit(png) { o in try shape(&o); o.gravity = .attention }
            #expect((attention.bytes == filtered.bytes) == (side == 400), "side \(side)")
        }
    }

    /// Variants sharing one decode leave the filters out only when every one of them hides it.
    @Test func aSharedDecodeLeavesThemOutOnlyWhenEveryOutputHidesIt() throws {
        let (data, png, _) = try Self.filteredPNG()
        var small = FitOptions(), large = FitOptions()
        Self.shape(side: 100)(&small)
        Self.shape(side: 400)(&large)
        let decode = { (options: [FitOptions]) throws -> DecodeOptions in
            let plans = try VariantSet(options: options).plan(data).map { try $0.get() }
            return SharedDecode(zip(plans, options).map { ($0, $1, PipelineWorkspace()) }).options
        }
        #expect(try decode([small]).inLoopFilters == false)
        #expect(try decode([large]).inLoopFilters == true)
        #expect(try decode([small, large]).inLoopFilters == true)
        let shared = try VariantSet(options: [small, large]).run(data).map { try $0.get() }
        #expect(Bytes(shared[0].bytes) == Bytes(try Pipeline(options: small).run(png).bytes),
                "shared with an output that shows them, the small one keeps the filters")
    }
}
