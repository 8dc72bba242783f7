import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// Attention on a JPEG of 1920 px or more analyses the file's block means (`Pipeline.analysesBlockMeans`):
/// read alone beside the decode for a lone image, recorded by the decode otherwise. Over the kinds of
/// large JPEG (colour and grey, restart markers, EXIF orientation, 4:4:4, progressive), either way
/// writes the same bytes, and the subjects it reports are those of the block means, whatever the
/// output's size, the same `Pipeline.subjects(in:)` gives.
@Suite struct BlockMeansRouteTests {
    static let files = ["photos/iphone-xs-p3-orientation6-4032x3024.jpg", "jpeg/gray-iphone-rst.jpg",
                        "photos/flower-444-2268x1512.jpg", "photos/dslr-hills-4608x3456.jpg"]

    /// The corpus files and a progressive copy of one (jpegtran: the same coefficients, several scans).
    static func sources() throws -> [(name: String, bytes: [UInt8])] {
        var sources = try files.map { ($0, try ImageFile.read(path: Corpus.path($0))) }
        let jpegtran = try ExternalTool.path("jpegtran")
        let progressive = try ExternalTool.run(jpegtran, ["-progressive", "-copy", "all", Corpus.path(files[0])])
        #expect(progressive.status == 0, "\(progressive.stderr)")
        sources.append(("progressive copy of \(files[0])", progressive.stdout))
        return sources
    }

    @Test func twoThreadsWriteWhatOneWrites() throws {
        guard try Corpus.require() else { return }
        let one = PipelineWorkspace(), two = PipelineWorkspace()
        two.threadsPerImage = 2
        for (name, bytes) in try Self.sources() {
            for (ratio, width) in [(AspectRatio.sixteenToNine, 800), (.nineToSixteen, 240)] {
                var options = FitOptions()
                options.ratio = ratio
                options.size = .width(width)
                options.gravity = .attention
                let pipeline = Pipeline(options: options)
                #expect(pipeline.analysesBlockMeans(of: try ImageFile.probe(bytes)), "\(name)")
                let single = try pipeline.run(bytes, workspace: one), double = try pipeline.run(bytes, workspace: two)
                #expect(Bytes(double.bytes) == Bytes(single.bytes), "\(name) \(ratio) \(width)")
                #expect(double.plan.windowChoice == single.plan.windowChoice, "\(name) \(ratio) \(width)")
            }
        }
    }

    @Test func theSubjectsAreThoseOfTheBlockMeans() throws {
        guard try Corpus.require() else { return }
        for (name, bytes) in try Self.sources() {
            let info = try ImageFile.probe(bytes)
            var decode = DecodeOptions()
            decode.recordsBlockMeans = true
            let means = try #require(try ImageFile.decode(bytes, options: decode).blockMeans)
            let expected = CropWindowFinder(.attention, frame: means, orientation: info.orientation, threads: 1).subjects
            #expect(!expected.isEmpty, "\(name)")
            var options = FitOptions()
            options.gravity = .attention
            options.ratio = .square
            for width in [1200, 320, 64] {
                options.size = .width(width)
                let fitted = try Pipeline(options: options).run(bytes)
                #expect(fitted.plan.windowChoice?.subjects == expected, "\(name) at \(width) px")
            }
            #expect(try Pipeline(options: options).subjects(in: bytes) == expected, "\(name): subjects(in:)")
        }
    }

    /// Below 1920 px, and for the other gravities, the decoded frame is analysed as before.
    @Test func smallJPEGsAndOtherGravitiesKeepTheFrame() throws {
        var options = FitOptions()
        options.gravity = .attention
        let info = { (width: Int, height: Int) in
            ImageInfo(format: .jpeg, width: width, height: height, channels: 3, bitDepth: 8, isProgressive: false,
                      hasAlpha: false, orientation: .up, iccProfile: nil, decodedLayout: .rgb8)
        }
        #expect(Pipeline(options: options).analysesBlockMeans(of: info(1920, 1080)))
        #expect(Pipeline(options: options).analysesBlockMeans(of: info(1080, 1913)))
        #expect(!Pipeline(options: options).analysesBlockMeans(of: info(1912, 1912)))
        options.gravity = .entropy
        #expect(!Pipeline(options: options).analysesBlockMeans(of: info(4032, 3024)))
    }
}
