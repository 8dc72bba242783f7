import Testing
@testable import AspectFit

/// `Resampler.resampleInTwoBands` (a second thread fills the lower half of the stored output rows)
/// against the same resampler fed one row at a time: the bytes must be the same for every kind of
/// plan, as the streaming route is the reference the rest of the suite holds to its oracles.
@Suite struct ResamplerBandTests {
    /// One geometry: a crop of a `width` x `height` source to `outputWidth` x `outputHeight`.
    struct Case: CustomStringConvertible {
        var width: Int, height: Int
        var crop: Box
        var outputWidth: Int, outputHeight: Int
        var description: String { "\(width)x\(height) \(crop) -> \(outputWidth)x\(outputHeight)" }
    }

    static let cases = [
        Case(width: 301, height: 207, crop: Box(x: 0, y: 0, width: 301, height: 207), outputWidth: 97, outputHeight: 61),
        Case(width: 240, height: 320, crop: Box(x: 10.5, y: 33.25, width: 200, height: 112.5), outputWidth: 64, outputHeight: 36),
        // enlarging, and a single output row (the first band is empty)
        Case(width: 40, height: 30, crop: Box(x: 2, y: 3, width: 31, height: 21), outputWidth: 93, outputHeight: 63),
        Case(width: 120, height: 90, crop: Box(x: 0, y: 20, width: 120, height: 40), outputWidth: 60, outputHeight: 1),
        // shrinking one axis a lot and the other little: both pass orders are taken over the cases
        Case(width: 400, height: 60, crop: Box(x: 0, y: 0, width: 400, height: 60), outputWidth: 20, outputHeight: 55),
        Case(width: 60, height: 400, crop: Box(x: 0, y: 0, width: 60, height: 400), outputWidth: 55, outputHeight: 20),
    ]

    @Test(arguments: PixelLayout.allCases)
    func twoBandsGiveTheStreamedBytes(_ layout: PixelLayout) {
        var passOrders = Set<Bool>()
        for c in Self.cases {
            let source = ResamplingFixtures.photo(width: c.width, height: c.height, layout: layout, seed: UInt64(c.width))
            for orientation in Orientation.allCases {
                for linearLight in [false, true] {
                    for filter in [Filter.lanczos3, .mitchell] {
                        let plan = ResamplePlan(filter: filter, sourceWidth: c.width, sourceHeight: c.height, crop: c.crop,
                                                outputWidth: c.outputWidth, outputHeight: c.outputHeight, orientation: orientation,
                                                layout: layout, linearLight: linearLight)
                        passOrders.insert(plan.horizontalFirst)
                        let streamed = Resampler(plan: plan).resample(source)
                        let resampler = Resampler(plan: plan), partner = Resampler(plan: plan)
                        var banded = PixelBuffer(blankWidth: 0, height: 0, layout: layout)
                        source.bytes.withUnsafeBufferPointer { bytes in
                            resampler.resampleInTwoBands(SourceRows(base: bytes.baseAddress!, bytesPerRow: source.bytesPerRow),
                                                         partner: partner, into: &banded)
                        }
                        #expect(banded == streamed, "\(c) \(orientation) linear \(linearLight) \(filter)")
                        // Both resamplers stay usable for the next image, streamed or banded.
                        #expect(resampler.resample(source) == streamed)
                    }
                }
            }
        }
        #expect(passOrders == [false, true])
    }
}
