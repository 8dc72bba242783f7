import Testing
@testable import AspectFit

/// The library against the float64 reference: PSNR >= 50 dB for every filter, layout and scale.
@Suite struct ResamplerQualityTests {
    /// A source size, a crop (fractional where it matters) and an output size.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let width: Int, height: Int
        let crop: Box
        let outWidth: Int, outHeight: Int
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "half", width: 120, height: 90, crop: Box(x: 0, y: 0, width: 120, height: 90), outWidth: 60, outHeight: 45),
        Case(name: "0.198", width: 150, height: 110, crop: Box(x: 3.37, y: 2.81, width: 141.4, height: 101), outWidth: 28, outHeight: 20),
        Case(name: "0.4317", width: 150, height: 110, crop: Box(x: 1.25, y: 4.6, width: 139, height: 97.3), outWidth: 60, outHeight: 42),
        Case(name: "x2.3", width: 40, height: 30, crop: Box(x: 0.7, y: 1.3, width: 36.1, height: 26.5), outWidth: 83, outHeight: 61),
        Case(name: "identity", width: 120, height: 90, crop: Box(x: 0, y: 0, width: 120, height: 90), outWidth: 120, outHeight: 90),
    ]

    /// Checks any image (synthetic now, corpus photos later) against the reference.
    static func expectCloseToReference(_ image: PixelBuffer, _ filter: Filter, crop: Box, width: Int, height: Int,
                                       linearLight: Bool = false, minimum: Double = 50) {
        let ours = ResamplingFixtures.resample(image, filter, crop: crop, width: width, height: height, linearLight: linearLight)
        let reference = ReferenceResampler.resample(image, filter: filter, crop: crop, width: width, height: height,
                                                    linearLight: linearLight)
        let psnr = ResamplingFixtures.psnr(ours, reference)
        #expect(psnr >= minimum, "\(filter) \(image.layout) linear=\(linearLight) -> \(width)x\(height): PSNR \(psnr) dB")
    }

    @Test(arguments: Filter.allCases, cases)
    func matchesTheFloatReference(_ filter: Filter, _ c: Case) {
        for layout in PixelLayout.allCases {
            let image = ResamplingFixtures.photo(width: c.width, height: c.height, layout: layout)
            Self.expectCloseToReference(image, filter, crop: c.crop, width: c.outWidth, height: c.outHeight)
        }
    }

    @Test(arguments: Filter.allCases, cases)
    func matchesTheFloatReferenceInLinearLight(_ filter: Filter, _ c: Case) {
        for layout in [PixelLayout.rgb8, .rgba8] {
            let image = ResamplingFixtures.photo(width: c.width, height: c.height, layout: layout, seed: 7)
            Self.expectCloseToReference(image, filter, crop: c.crop, width: c.outWidth, height: c.outHeight, linearLight: true)
        }
    }
}
