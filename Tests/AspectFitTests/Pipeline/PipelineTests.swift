import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// The whole route on real corpus photos: exact sizes, quality against the float64 reference,
/// shrink-on-load, orientation, corners, formats and ICC handling.
@Suite struct PipelineTests {
    static func read(_ relative: String) throws -> [UInt8] { try ImageFile.read(path: Corpus.path(relative)) }

    static func fit(_ data: [UInt8], _ configure: (inout FitOptions) throws -> Void) throws -> FitResult {
        var options = FitOptions()
        try configure(&options)
        return try Pipeline(options: options).run(data)
    }

    /// The upright, full-resolution decode of a source: what the reference starts from.
    static func uprightSource(_ data: [UInt8]) throws -> PixelBuffer {
        let info = try ImageFile.probe(data)
        return ResamplingFixtures.upright(try ImageFile.decode(data).pixels, info.orientation)
    }

    @Test(arguments: ["photos/harvesters-1165x859.jpg", "photos/android-portrait-960x1280.jpg", "photos/unsplash-kayak-iptc-xmp.jpg"])
    func everyFilterMatchesTheReferenceAtFullDecode(_ photo: String) throws {
        guard try Corpus.require() else { return }
        let source = try Self.uprightSource(try Self.read(photo))
        for filter in Filter.allCases {
            for (ratio, width) in [(AspectRatio.fourToThree, 301), (.square, 128), (.nineToSixteen, 700)] {
                let plan = try CropPlan.make(sourceWidth: source.width, sourceHeight: source.height, orientation: .up,
                                             shrinkOnLoad: .none, ratio: ratio, size: .width(width), gravity: .centre,
                                             enlarge: true, filterRadius: filter.radius)
                let ours = ResamplingFixtures.resample(source, filter, crop: plan.crop, width: plan.outputWidth, height: plan.outputHeight)
                let reference = ReferenceResampler.resample(source, filter: filter, crop: plan.crop,
                                                        width: plan.outputWidth, height: plan.outputHeight)
                let psnr = ResamplingFixtures.psnr(ours, reference)
                #expect(psnr >= ResamplerQualityTests.threshold, "\(photo) \(filter) \(ratio) w\(width): \(psnr) dB")
            }
        }
    }

    /// The whole route, Pipeline.run to PNG bytes, for each filter and both light modes: a
    /// lossless source decoded at full scale, so the output must match the reference as tightly as
    /// the resampler alone does. Catches a pipeline that drops the filter or linear light.
    @Test(arguments: Filter.allCases, [PixelLayout.rgb8, .rgba8])
    func theRunUsesTheChosenFilterAndLight(_ filter: Filter, _ layout: PixelLayout) throws {
        let source = ResamplingFixtures.photo(width: 203, height: 157, layout: layout, seed: 11)
        let png = try ImageEncoder.encodePNG(source, options: PNGEncodeOptions())
        for linear in [false, true] {
            // Not 290 wide: 16:9 would then put box centres exactly on pixel edges every 10 rows,
            // where rounding noise (full-image vs decode-region coordinates) picks either pixel.
            for (ratio, size) in [(AspectRatio.square, SizeRequest.width(61)), (.sixteenToNine, .width(291))] {
                let result = try Self.fit(png) {
                    $0.filter = filter; $0.linearLight = linear; $0.ratio = ratio; $0.size = size; $0.format = .png
                }
                let ours = try ImageFile.decode(result.bytes).pixels
                let reference = ReferenceResampler.resample(source, filter: filter, crop: result.plan.geometry.crop,
                                                            width: ours.width, height: ours.height, linearLight: linear)
                let psnr = ResamplingFixtures.psnr(ours, reference)
                #expect(psnr >= ResamplerQualityTests.threshold, "\(filter) \(layout) linear=\(linear) \(ratio): \(psnr) dB")
            }
        }
    }

    @Test(arguments: [("photos/flickr-saw-2725x2225.jpg", 640, AspectRatio.fourToThree),
                      ("photos/harvesters-1165x859.jpg", 200, .square),
                      ("photos/iphone-xs-p3-orientation6-4032x3024.jpg", 480, .threeToFour)])
    func shrinkOnLoadStaysCloseToTheFullDecodeReference(_ photo: String, _ width: Int, _ ratio: AspectRatio) throws {
        guard try Corpus.require() else { return }
        let data = try Self.read(photo)
        let result = try Self.fit(data) { $0.ratio = ratio; $0.size = .width(width); $0.format = .png }
        #expect(result.plan.geometry.decodeScale > 1, "\(photo) should shrink on load")
        let ours = try ImageFile.decode(result.bytes).pixels
        let reference = ReferenceResampler.resample(try Self.uprightSource(data), filter: .lanczos3, crop: result.plan.geometry.crop,
                                                width: ours.width, height: ours.height)
        let psnr = ResamplingFixtures.psnr(ours, reference)
        #expect(psnr >= 40, "\(photo) at 1/\(result.plan.geometry.decodeScale): \(psnr) dB")
    }

    @Test func outputSizesAreExactForEveryNamedRatio() throws {
        guard try Corpus.require() else { return }
        let data = try Self.read("photos/harvesters-1165x859.jpg")
        for (_, ratio) in AspectRatio.named {
            let result = try Self.fit(data) { $0.ratio = ratio; $0.size = .longEdge(300) }
            let decoded = try ImageFile.decode(result.bytes)
            #expect(decoded.pixels.width == result.plan.outputWidth && decoded.pixels.height == result.plan.outputHeight)
            #expect(max(decoded.pixels.width, decoded.pixels.height) == 300)
        }
    }

    /// The 8 files are separately encoded JPEGs, so they differ by ~30 dB even when upright; the
    /// right orientation must beat every wrong turn of the reference picture by far.
    @Test func allEightOrientationsGiveTheSameUprightPicture() throws {
        guard try Corpus.require() else { return }
        for set in ["Landscape", "Portrait"] {
            let images = try (1 ... 8).map { n in
                try ImageFile.decode(try Self.fit(try Self.read("exif-orientation/\(set)_\(n).jpg")) {
                    $0.ratio = .square; $0.size = .width(256); $0.format = .png
                }.bytes).pixels
            }
            let wrongTurns = Orientation.allCases.dropFirst().map { ResamplingFixtures.upright(images[0], $0) }
            for (n, image) in images.enumerated().dropFirst() {
                let psnr = ResamplingFixtures.psnr(image, images[0])
                let bestWrong = wrongTurns.map { ResamplingFixtures.psnr(image, $0) }.max()!
                #expect(psnr >= 27 && psnr >= bestWrong + 10,
                        "\(set)_\(n + 1) vs \(set)_1: \(psnr) dB, a wrong turn scores \(bestWrong) dB")
            }
        }
    }

    @Test func pureClipKeepsThePixelsAndTurnsThemUpright() throws {
        guard try Corpus.require() else { return }
        let data = try Self.read("exif-orientation/Landscape_6.jpg")
        let result = try Self.fit(data) { $0.format = .png }
        #expect(!result.plan.geometry.needsResampling)
        let ours = try ImageFile.decode(result.bytes).pixels
        #expect(ours == (try Self.uprightSource(data)))
    }

    @Test func roundedCornersOnAJPEGSourceMakeATransparentPNG() throws {
        guard try Corpus.require() else { return }
        let result = try Self.fit(try Self.read("photos/harvesters-1165x859.jpg")) {
            $0.ratio = .square; $0.size = .width(512); $0.cornerRadius = .pixels(64)
        }
        #expect(result.plan.outputFormat == .png)
        let image = try ImageFile.decode(result.bytes).pixels
        #expect(image.layout == .rgba8)
        #expect(image[0, 0].last == 0 && image[511, 511].last == 0 && image[256, 256].last == 255)
        #expect(image[64, 0].last == 255 && image[0, 64].last == 255)
    }

    @Test func roundedCornersInAJPEGBlendOntoTheBackground() throws {
        guard try Corpus.require() else { return }
        let result = try Self.fit(try Self.read("photos/harvesters-1165x859.jpg")) {
            $0.ratio = .square; $0.size = .width(256); $0.cornerRadius = .percent(50); $0.format = .jpeg
            $0.background = try RGBColor(parsing: "#ff0000")
        }
        let image = try ImageFile.decode(result.bytes).pixels
        #expect(image.layout == .rgb8)
        let corner = Array(image[0, 0])
        #expect(corner[0] > 230 && corner[1] < 25 && corner[2] < 25, "corner is \(corner)")
    }

    @Test func transparentSourceToJPEGIsFlattenedOntoTheBackground() throws {
        guard try Corpus.require() else { return }
        let result = try Self.fit(try Self.read("photos/tulips-vignette-alpha-500x500.png")) {
            $0.ratio = .square; $0.size = .width(100); $0.format = .jpeg; $0.background = .black
        }
        let image = try ImageFile.decode(result.bytes).pixels
        #expect(image.layout == .rgb8 && image.width == 100)
        #expect(Array(image[0, 0]).allSatisfy { $0 < 12 }, "the transparent vignette should be black")
    }

    @Test func autoFormatKeepsTheInputsAndICCProfilesFollowTheColourModel() throws {
        guard try Corpus.require() else { return }
        let p3 = try Self.fit(try Self.read("jpeg/icc-display-p3.jpg")) { $0.ratio = .square; $0.size = .width(64) }
        #expect(p3.plan.outputFormat == .jpeg)
        #expect(try ImageFile.probe(p3.bytes).iccProfile == p3.plan.source.iccProfile)
        let stripped = try Self.fit(try Self.read("jpeg/icc-display-p3.jpg")) { $0.size = .width(64); $0.keepICCProfile = false }
        #expect(try ImageFile.probe(stripped.bytes).iccProfile == nil)
        let cmyk = try Self.fit(try Self.read("jpeg/cmyk-adobe-swop-icc.jpg")) { $0.size = .width(64) }
        #expect(try ImageFile.probe(cmyk.bytes).iccProfile == ColourTag.compactSRGB, "CMYK becomes sRGB")
        #expect(cmyk.warnings.isEmpty)
        let png = try Self.fit(try Self.read("photos/nasa-astronaut-rgba-852x567.png")) { $0.size = .width(100) }
        #expect(png.plan.outputFormat == .png && png.plan.outputLayout == .rgba8)
    }

    @Test func exifIsDroppedByDefaultAndKeptUprightOnRequest() throws {
        guard try Corpus.require() else { return }
        let data = try Self.read("photos/iphone-xs-p3-orientation6-4032x3024.jpg")
        let plain = try Self.fit(data) { $0.ratio = .square; $0.size = .width(64) }
        #expect(try ImageFile.probe(plain.bytes).exif == nil)
        let kept = try Self.fit(data) { $0.ratio = .square; $0.size = .width(64); $0.keepMetadata = .all }
        let info = try ImageFile.probe(kept.bytes)
        #expect(info.orientation == .up)
        #expect(info.exif == EXIFBlock.rewritten(try #require(kept.plan.source.exif), width: 64, height: 64))
        #expect(info.iccProfile == kept.plan.source.iccProfile)
    }

    @Test func aReusedWorkspaceGivesTheBytesOfFreshRuns() throws {
        guard try Corpus.require() else { return }
        var options = FitOptions()
        options.ratio = .fourToThree
        options.size = .width(160)
        let pipeline = Pipeline(options: options)
        let workspace = PipelineWorkspace()
        let inputs = ["exif-orientation/Landscape_1.jpg", "exif-orientation/Landscape_2.jpg", "jpeg/ljt-testimggray.jpg",
                      "exif-orientation/Landscape_6.jpg", "photos/tulips-vignette-alpha-500x500.png",
                      "exif-orientation/Landscape_1.jpg", "bad/truncated-sharp.jpg", "exif-orientation/Landscape_2.jpg"]
        for input in inputs {
            let data = try Self.read(input)
            let fresh = Result { try pipeline.run(data) }
            let reused = Result { try pipeline.run(data, workspace: workspace) }
            #expect((try? fresh.get().bytes) == (try? reused.get().bytes), "\(input)")
        }
    }

    @Test func damagedInputFailsWithItsReason() throws {
        guard try Corpus.require() else { return }
        #expect(throws: FitError.self) { try Self.fit(try Self.read("bad/truncated-sharp.jpg")) { $0.size = .width(100) } }
        do {
            _ = try Self.fit(try Self.read("bad/huge-valid-20000x14000.jpg")) { $0.size = .width(100) }
            Issue.record("a 280 Mpx image passed the pixel limit")
        } catch {
            #expect("\(error)".contains("limit"))
        }
    }
}
