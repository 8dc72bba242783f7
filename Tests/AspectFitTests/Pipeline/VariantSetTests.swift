import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// Several outputs from one decode: each equals a separate `Pipeline.run` (byte for byte where the
/// shared decode scale is the one the variant picks alone, else box-reduced to its own scale and as
/// close to the float64 reference of the full decode within 0.05 dB); failures stay per variant.
@Suite struct VariantSetTests {
    static func options(_ ratio: AspectRatio, _ size: SizeRequest, radius: CornerRadius? = nil,
                        format: OutputFormat = .png) -> FitOptions {
        var o = FitOptions()
        o.ratio = ratio
        o.size = size
        o.cornerRadius = radius
        o.format = format
        return o
    }

    /// The three renditions (thumbnail, hero, social card with corners), a pure clip and a
    /// JPEG output: decode scales 1/8, 1/2 or 1 alone, so the shared decode is finer for some.
    static let variants: [FitOptions] = [
        options(.square, .width(256)),
        options(.sixteenToNine, .width(1280)),
        options(AspectRatio(unchecked: 4, 5), .width(540), radius: .pixels(24)),
        options(.square, .none),
        options(.threeToTwo, .width(300), format: .jpeg),
    ]

    @Test(arguments: ["photos/iphone-xs-p3-orientation6-4032x3024.jpg",
                      "photos/nasa-astronaut-rgba-852x567.png"])
    func everyVariantEqualsASeparateRunWithinTheQualityBound(_ photo: String) throws {
        guard try Corpus.require() else { return }
        try Self.expectSeparateRunQuality(ImageFile.read(path: Corpus.path(photo)), Self.variants, photo)
    }

    /// Crops that do not fall on the box blocks: off-centre focus points, odd source sizes
    /// (harvesters 1165x859: the last blocks are cut short), an EXIF-rotated source, and a
    /// 400 px square that makes the shared decode full scale so the others are box-reduced.
    static let unaligned: [FitOptions] = {
        var thumb = options(.square, .width(64))
        thumb.gravity = .focus(x: 0.31, y: 0.67)
        var hero = options(.sixteenToNine, .width(200), format: .jpeg)
        hero.gravity = .focus(x: 0.77, y: 0.13)
        var card = options(AspectRatio(unchecked: 4, 5), .width(120), radius: .pixels(12))
        card.gravity = .east
        var icon = options(.square, .width(32))
        icon.gravity = .focus(x: 0.9, y: 0.4)
        return [thumb, hero, card, icon, options(.square, .width(400))]
    }()

    @Test(arguments: ["harvesters.jpg", "harvesters-portrait-exif6.jpg", "concert-gray.jpg", "astronaut-alpha.png"])
    func boxReducedVariantsEqualSeparateRunsWithinTheQualityBound(_ sample: String) throws {
        let data = try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/\(sample)").path)
        let scales = try Self.unaligned.map { try Pipeline(options: $0).plan(data).geometry.decodeScale }
        if sample.hasPrefix("harvesters") {
            #expect(scales.max()! >= 4 && scales.min()! == 1, "\(sample) \(scales): the route under test needs a box reduction")
        }
        try Self.expectSeparateRunQuality(data, Self.unaligned, sample)
    }

    /// Every variant of one `VariantSet.run` has the plan of a separate run (read at the scale the box
    /// reduction leaves); its bytes equal that run's where it decodes at the shared scale alone with
    /// the same chroma upsampling (a shared decode smooths chroma unless every member hides it), else
    /// its PSNR against the float64 resample of the full decode is within 0.05 dB of the run's.
    static func expectSeparateRunQuality(_ data: [UInt8], _ variants: [FitOptions], _ name: String) throws {
        let results = VariantSet(options: variants).run(data)
        #expect(results.count == variants.count)
        let finest = try variants.map { try Pipeline(options: $0).plan(data).geometry.decodeScale }.min()
        // The quality comparison on PNG without corners (same geometry), so the float64 reference applies as is.
        let bare = variants.map { o -> FitOptions in
            var o = o
            o.cornerRadius = nil
            o.format = .png
            return o
        }
        let bareResults = VariantSet(options: bare).run(data)
        var reference: PixelBuffer?
        for i in variants.indices {
            let shared = try results[i].get()
            let alone = try Pipeline(options: variants[i]).run(data)
            let size = variants[i].size
            let own = alone.plan.geometry.decodeScale
            let read = finest! * VariantSet.boxReduction(own / finest!)
            #expect(shared.plan.geometry == alone.plan.geometry.withDecodeScale(read, filterRadius: variants[i].filter.radius),
                    "\(name) \(size): a separate run's plan, read at the box-reduced scale")
            #expect(shared.plan.outputFormat == alone.plan.outputFormat && shared.plan.outputLayout == alone.plan.outputLayout)
            #expect(shared.plan.boxReduction == (own == finest ? 1 : read / finest!), "\(name) \(size)")
            if alone.plan.geometry.decodeScale == finest && shared.plan.repeatsChroma == alone.plan.repeatsChroma {
                #expect(Bytes(shared.bytes) == Bytes(alone.bytes), "\(name) \(size): same decode scale and chroma, same bytes")
                continue
            }
            // Box-reduced from a finer decode, or smoothed chroma where alone it is repeated: both
            // against the float64 resample of the full decode.
            if reference == nil { reference = try PipelineTests.uprightSource(data) }
            let ours = try ImageFile.decode(bareResults[i].get().bytes).pixels
            let theirs = try ImageFile.decode(Pipeline(options: bare[i]).run(data).bytes).pixels
            let exact = ReferenceResampler.resample(reference!, filter: bare[i].filter, crop: shared.plan.geometry.crop,
                                                    width: ours.width, height: ours.height)
            let psnrShared = ResamplingFixtures.psnr(ours, exact)
            let psnrAlone = ResamplingFixtures.psnr(theirs, exact)
            #expect(psnrShared >= psnrAlone - 0.05, "\(name) \(size): shared \(psnrShared) dB, alone \(psnrAlone) dB")
        }
    }

    @Test func theSharedDecodeIsTheFinestScaleOverTheUnionOfRegions() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("photos/dslr-hills-4608x3456.jpg"))
        var left = Self.options(.square, .width(100))
        left.gravity = .west
        var right = Self.options(.square, .width(600))
        right.gravity = .east
        let set = VariantSet(options: [left, right])
        let plans = try set.plan(data).map { try $0.get() }
        let alone = try [left, right].map { try Pipeline(options: $0).plan(data) }
        let scales = alone.map(\.geometry.decodeScale)
        #expect(scales == [8, 2], "the small west square picks 1/8 alone, the large east one 1/2")
        // The west square is read from the 1/2 rows box-reduced by VariantSet.boxReduction(4).
        let box = VariantSet.boxReduction(4)
        #expect(box > 1)
        #expect(plans[0].geometry == alone[0].geometry.withDecodeScale(2 * box, filterRadius: Filter.lanczos3.radius))
        #expect(plans[1] == alone[1])
        let decode = SharedDecode([(plans[0], left, PipelineWorkspace()), (plans[1], right, PipelineWorkspace())])
        #expect(decode.options.scaleDenominator == 2)
        #expect(decode.outputs.map(\.reduction) == [box, 1])
        let full = PixelRect(x: 0, y: 0, width: 4608 / 2, height: 3456 / 2)
        #expect(decode.options.region == full, "the union of a west and an east square spans the whole image")
        #expect(plans[0].geometry.decodeRegion.maxX * 2 * box < 4608 && plans[1].geometry.decodeRegion.x > 0)
    }

    @Test func aVariantThatCannotBePlannedFailsAlone() throws {
        let data = try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/harvesters.jpg").path)
        let tooWide = Self.options(.sixteenToNine, .size(width: 70_000, height: 10), format: .jpeg)
        var tooWideNoRatio = tooWide
        tooWideNoRatio.ratio = nil
        let good = Self.options(.square, .width(64))
        let results = VariantSet(options: [good, tooWideNoRatio, good]).run(data)
        #expect(try Bytes(results[0].get().bytes) == Bytes(Pipeline(options: good).run(data).bytes))
        #expect(throws: FitError.self) { try results[1].get() }
        #expect(try Bytes(results[2].get().bytes) == Bytes(results[0].get().bytes))
    }

    @Test func anUnreadableSourceFailsEveryVariant() {
        let results = VariantSet(options: Self.variants).run(Array("not an image".utf8))
        #expect(results.count == Self.variants.count)
        for result in results {
            #expect(throws: FitError.image(.unsupported(format: "not a JPEG, PNG, WebP, AVIF, HEIF or GIF file"))) { try result.get() }
        }
    }

    @Test func variantsThatDecodeDifferentlyGetTheirOwnDecode() throws {
        let data = try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/harvesters.jpg").path)
        var converted = Self.options(.square, .width(96))
        converted.toSRGB = true
        let plain = Self.options(.square, .width(400))
        let results = VariantSet(options: [converted, plain]).run(data)
        #expect(try Bytes(results[0].get().bytes) == Bytes(Pipeline(options: converted).run(data).bytes))
        #expect(try Bytes(results[1].get().bytes) == Bytes(Pipeline(options: plain).run(data).bytes))
    }

    @Test func theAsyncCallEqualsTheBlockingOneAndAWorkspaceIsReusable() async throws {
        let data = try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/harvesters-portrait-exif6.jpg").path)
        let set = VariantSet(options: Self.variants)
        let workspace = PipelineWorkspace()
        let blocking = set.run(data, workspace: workspace).map { try? $0.get().bytes }
        #expect(set.run(data, workspace: workspace).map { try? $0.get().bytes } == blocking)
        let async = await set.run(data).map { try? $0.get().bytes }
        #expect(async == blocking)
        #expect(!blocking.contains(nil))
    }
}
