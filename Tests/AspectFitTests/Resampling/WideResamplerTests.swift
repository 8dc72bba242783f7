import Testing
import TestSupport
@testable import AspectFit

/// The 16-bit route's resampler against the float64 reference (`ReferenceResampler`, published
/// kernels) on 16-bit gradients with noise: every filter, every EXIF orientation, every layout,
/// sub-pixel crops, down- and upscaling, linear light. Compared premultiplied (what is seen), the
/// error must stay within 2 of 65535 codes; 8-bit precision would be off by up to 128.
@Suite struct WideResamplerTests {
    /// A stored 16-bit image: diagonal gradients over the full range plus noise in every channel,
    /// alpha from opaque to nearly transparent.
    static func image(width: Int, height: Int, layout: PixelLayout, seed: UInt64 = 7) -> PixelBuffer16 {
        var state = seed
        let ch = layout.channels
        var samples = [UInt16](repeating: 0, count: width * height * ch)
        for y in 0 ..< height {
            for x in 0 ..< width {
                for c in 0 ..< ch {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let noise = Double(state >> 40) / Double(1 << 24) - 0.5
                    let ramp = (Double(x) / Double(width) * (c % 2 == 0 ? 1 : -1) + Double(y) / Double(height) + 1) / 3
                    let alpha = layout.hasAlpha && c == ch - 1
                    let v = alpha ? 0.05 + 0.95 * Double(x + y) / Double(width + height) + noise * 0.04 : ramp + noise * 0.3
                    samples[(y * width + x) * ch + c] = UInt16(min(max(v, 0), 1) * 65535)
                }
            }
        }
        return PixelBuffer16(width: width, height: height, layout: layout, samples: samples)
    }

    /// The upright copy of a stored image, pixel by pixel from the EXIF table.
    static func upright(_ stored: PixelBuffer16, _ o: Orientation) -> PixelBuffer16 {
        let swaps = o.rawValue >= 5
        let (w, h) = swaps ? (stored.height, stored.width) : (stored.width, stored.height)
        let ch = stored.layout.channels
        var samples = [UInt16](repeating: 0, count: stored.samples.count)
        for y in 0 ..< stored.height {
            for x in 0 ..< stored.width {
                let p = ResamplingFixtures.exifUpright(o.rawValue, x: x, y: y, w: stored.width, h: stored.height)
                for c in 0 ..< ch { samples[(p.y * w + p.x) * ch + c] = stored.samples[(y * stored.width + x) * ch + c] }
            }
        }
        return PixelBuffer16(width: w, height: h, layout: stored.layout, samples: samples)
    }

    /// The largest difference of what is seen: colour times alpha, and alpha, in 16-bit codes.
    static func maxError(_ a: PixelBuffer16, _ b: PixelBuffer16) -> Double {
        let ch = a.layout.channels
        var worst = 0.0
        for p in 0 ..< a.width * a.height {
            for c in 0 ..< ch {
                var (x, y) = (Double(a.samples[p * ch + c]), Double(b.samples[p * ch + c]))
                if a.layout.hasAlpha && c < ch - 1 {
                    x *= Double(a.samples[p * ch + ch - 1]) / 65535
                    y *= Double(b.samples[p * ch + ch - 1]) / 65535
                }
                worst = max(worst, abs(x - y))
            }
        }
        return worst
    }

    /// Resamples upright `crop` of `stored` shown with orientation `o` both ways; returns the error.
    static func error(_ stored: PixelBuffer16, _ o: Orientation, filter: Filter, crop: Box, width: Int, height: Int,
                      linearLight: Bool = false) -> Double {
        let storedCrop = o.storedBox(crop, storedWidth: stored.width, storedHeight: stored.height)
        let wide = WideResampler(filter: filter, crop: storedCrop, outputWidth: width, outputHeight: height,
                                 orientation: o, linearLight: linearLight).resample(stored)
        let reference = ReferenceResampler.resample(upright(stored, o), filter: filter, crop: crop, width: width, height: height,
                                                    linearLight: linearLight)
        #expect(wide.width == width && wide.height == height && wide.layout == stored.layout)
        return maxError(wide, reference)
    }

    @Test(arguments: Filter.allCases, PixelLayout.allCases)
    func everyFilterOrientationAndLayoutMatchesTheReference(filter: Filter, layout: PixelLayout) {
        let stored = Self.image(width: 29, height: 19, layout: layout)
        for o in Orientation.allCases {
            let upright = o.uprightSize(width: 29, height: 19)
            let crop = Box(x: 1.25, y: 0.5, width: Double(upright.width) - 3.5, height: Double(upright.height) - 1.75)
            for (w, h) in [(9, 7), (upright.width * 2 - 3, upright.height + 5)] {
                let e = Self.error(stored, o, filter: filter, crop: crop, width: w, height: h)
                #expect(e <= 2, "\(filter) \(layout) orientation \(o.rawValue) to \(w)x\(h): off by \(e) codes")
            }
        }
    }

    @Test(arguments: [PixelLayout.rgb8, .rgba8, .gray8])
    func linearLightMatchesTheReference(layout: PixelLayout) {
        let stored = Self.image(width: 40, height: 24, layout: layout, seed: 3)
        let e = Self.error(stored, .up, filter: .lanczos3, crop: Box(x: 0, y: 0, width: 40, height: 24), width: 13, height: 8,
                           linearLight: true)
        #expect(e <= 2, "linear light \(layout): off by \(e) codes")
    }

    /// Full-range extremes survive: black and white 16-bit stay 0 and 65535 through a box filter.
    @Test func extremesStayExact() {
        var samples = [UInt16](repeating: 0, count: 8 * 4)
        for i in 0 ..< 16 { samples[i] = .max }
        let image = PixelBuffer16(width: 8, height: 4, layout: .gray8, samples: samples)
        let out = WideResampler(filter: .box, crop: Box(x: 0, y: 0, width: 8, height: 4), outputWidth: 4, outputHeight: 2,
                                orientation: .up, linearLight: false).resample(image)
        #expect(out.samples == [.max, .max, .max, .max, 0, 0, 0, 0])
    }
}
