import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// Several outputs from one decode: each equals a separate `Pipeline.run` (byte for byte where the
/// shared decode scale is the one the variant picks alone, else at least as close to the float64
/// reference of the full decode, within 0.05 dB); failures stay per variant.
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
        let data = try ImageFile.read(path: Corpus.path(photo))
        let results = VariantSet(options: Self.variants).run(data)
        #expect(results.count == Self.variants.count)
        let finest = results.compactMap { try? $0.get().plan.geometry.decodeScale }.min()
        // The quality comparison on PNG without corners (same geometry), so the float64 reference applies as is.
        let bare = Self.variants.map { o -> FitOptions in
            var o = o
            o.cornerRadius = nil
            o.format = .png
            return o
        }
        let bareResults = VariantSet(options: bare).run(data)
        var reference: PixelBuffer?
        for i in Self.variants.indices {
            let shared = try results[i].get()
            let alone = try Pipeline(options: Self.variants[i]).run(data)
            let size = Self.variants[i].size
            #expect(shared.plan.outputWidth == alone.plan.outputWidth && shared.plan.outputHeight == alone.plan.outputHeight)
            #expect(shared.plan.geometry.crop == alone.plan.geometry.crop, "\(photo) \(size)")
            #expect(shared.plan.geometry.decodeScale == finest, "\(photo): every variant is decoded at the shared scale")
            #expect(shared.plan.outputFormat == alone.plan.outputFormat && shared.plan.outputLayout == alone.plan.outputLayout)
            if shared.plan.geometry.decodeScale == alone.plan.geometry.decodeScale {
                #expect(shared.bytes == alone.bytes, "\(photo) \(size): same decode scale, same bytes")
                continue
            }
            // Decoded finer than alone: both against the float64 resample of the full decode.
            if reference == nil { reference = try PipelineTests.uprightSource(data) }
            let ours = try ImageFile.decode(bareResults[i].get().bytes).pixels
            let theirs = try ImageFile.decode(Pipeline(options: bare[i]).run(data).bytes).pixels
            let exact = ReferenceResampler.resample(reference!, filter: bare[i].filter, crop: shared.plan.geometry.crop,
                                                    width: ours.width, height: ours.height)
            let psnrShared = ResamplingFixtures.psnr(ours, exact)
            let psnrAlone = ResamplingFixtures.psnr(theirs, exact)
            #expect(psnrShared >= psnrAlone - 0.05, "\(photo) \(size): shared \(psnrShared) dB, alone \(psnrAlone) dB")
        }
    }

    @Test func theSharedDecodeIsTheFinestScaleOverTheUnionOfRegions() throws {
        guard try Corpus.require() else { return }
        let data = try ImageFile.read(path: Corpus.path("photos/dslr-hills-4608x3456.jpg"))
        var left = Self.options(.square, .width(200))
        left.gravity = .west
        var right = Self.options(.square, .width(600))
        right.gravity = .east
        let set = VariantSet(options: [left, right])
        let plans = try set.plan(data).map { try $0.get() }
        let alone = try [left, right].map { try Pipeline(options: $0).plan(data) }
        let scale = alone.map(\.geometry.decodeScale).min()!
        #expect(Set(alone.map(\.geometry.decodeScale)).count == 2, "the two crops should pick different scales alone")
        #expect(plans.map(\.geometry.decodeScale) == [scale, scale])
        // Re-expressed at the shared scale: each crop is its full-scale crop divided by the scale.
        let d = Double(scale)
        #expect(plans[0].geometry.scaledCrop == Box(x: 0, y: 0, width: 3456 / d, height: 3456 / d))
        #expect(plans[1].geometry.scaledCrop == Box(x: 1152 / d, y: 0, width: 3456 / d, height: 3456 / d))
        let decode = SharedDecode(geometries: plans.map(\.geometry), filters: [.lanczos3, .lanczos3], linearLight: [false, false],
                                  workspaces: [PipelineWorkspace(), PipelineWorkspace()], policy: DecodePolicy(), toSRGB: false)
        #expect(decode.options.scaleDenominator == scale)
        let full = PixelRect(x: 0, y: 0, width: 4608 / scale, height: 3456 / scale)
        #expect(decode.options.region == full, "the union of a west and an east square spans the whole image")
        #expect(plans[0].geometry.decodeRegion.maxX < full.width && plans[1].geometry.decodeRegion.x > 0)
    }

    @Test func aVariantThatCannotBePlannedFailsAlone() throws {
        let data = try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/harvesters.jpg").path)
        let tooWide = Self.options(.sixteenToNine, .size(width: 70_000, height: 10), format: .jpeg)
        var tooWideNoRatio = tooWide
        tooWideNoRatio.ratio = nil
        let good = Self.options(.square, .width(64))
        let results = VariantSet(options: [good, tooWideNoRatio, good]).run(data)
        #expect(try results[0].get().bytes == Pipeline(options: good).run(data).bytes)
        #expect(throws: FitError.self) { try results[1].get() }
        #expect(try results[2].get().bytes == results[0].get().bytes)
    }

    @Test func anUnreadableSourceFailsEveryVariant() {
        let results = VariantSet(options: Self.variants).run(Array("not an image".utf8))
        #expect(results.count == Self.variants.count)
        for result in results {
            #expect(throws: FitError.image(.unsupported(format: "not a JPEG or PNG file"))) { try result.get() }
        }
    }

    @Test func variantsThatDecodeDifferentlyGetTheirOwnDecode() throws {
        let data = try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/harvesters.jpg").path)
        var converted = Self.options(.square, .width(96))
        converted.toSRGB = true
        let plain = Self.options(.square, .width(400))
        let results = VariantSet(options: [converted, plain]).run(data)
        #expect(try results[0].get().bytes == Pipeline(options: converted).run(data).bytes)
        #expect(try results[1].get().bytes == Pipeline(options: plain).run(data).bytes)
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
