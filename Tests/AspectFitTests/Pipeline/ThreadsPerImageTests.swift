import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// A workspace whose images may use two threads (the smart-crop routes' face scan beside the
/// saliency map, their resample in two bands) writes the bytes one thread writes, over every kind
/// of source those routes take, one workspace kept through geometries that change from fit to fit.
@Suite struct ThreadsPerImageTests {
    static let samples = ["harvesters.jpg", "harvesters-portrait-exif6.jpg", "concert-gray.jpg", "astronaut-alpha.png",
                          "tulips-alpha.png"]

    @Test func twoThreadsWriteWhatOneWrites() throws {
        let one = PipelineWorkspace(), two = PipelineWorkspace()
        two.threadsPerImage = 2
        var fits = 0
        for name in Self.samples {
            let bytes = try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/\(name)").path)
            for gravity in [Gravity.attention, .entropy] {
                for (ratio, width, linear) in [(AspectRatio.sixteenToNine, 320, false), (.square, 97, true), (.nineToSixteen, 200, false)] {
                    var options = FitOptions()
                    options.ratio = ratio
                    options.size = .width(width)
                    options.gravity = gravity
                    options.linearLight = linear
                    options.format = .png
                    let pipeline = Pipeline(options: options)
                    let single = try pipeline.run(bytes, workspace: one), double = try pipeline.run(bytes, workspace: two)
                    #expect(Bytes(double.bytes) == Bytes(single.bytes), "\(name) \(gravity) \(ratio) \(width)")
                    fits += 1
                }
            }
        }
        #expect(fits == Self.samples.count * 6)
    }
}
