import Testing
@testable import AspectFit

@Suite struct ResamplerBehaviourTests {
    /// A 1-pixel black/white checkerboard.
    static func checkerboard(_ size: Int, layout: PixelLayout = .rgb8) -> PixelBuffer {
        var image = try! PixelBuffer(width: size, height: size, layout: layout)
        for y in 0 ..< size {
            for x in 0 ..< size {
                for c in 0 ..< layout.channels where (x + y) % 2 == 1 || (layout.hasAlpha && c == layout.channels - 1) {
                    image.bytes[y * image.bytesPerRow + x * layout.channels + c] = 255
                }
            }
        }
        return image
    }

    @Test(arguments: [Filter.lanczos3, .lanczos2, .mitchell, .catmullRom, .bilinear, .box])
    func checkerboardDownscaledByFourIsFlatGrey(_ filter: Filter) {
        let out = ResamplingFixtures.resample(Self.checkerboard(64), filter, width: 16, height: 16)
        let values = out.packedBytes.map(Int.init)
        let mean = Double(values.reduce(0, +)) / Double(values.count)
        #expect(abs(mean - 127.5) <= 1)
        #expect(values.allSatisfy { abs(Double($0) - mean) <= 2 }, "\(filter): \(values.min()!)...\(values.max()!)")
    }

    @Test(arguments: [Filter.lanczos3, .mitchell, .bilinear, .box])
    func checkerboardInLinearLightAveragesTo188(_ filter: Filter) {
        for layout in [PixelLayout.rgb8, .rgba8] {
            let out = ResamplingFixtures.resample(Self.checkerboard(64, layout: layout), filter, width: 16, height: 16,
                                                  linearLight: true)
            let colours = out.packedBytes.enumerated().filter { !layout.hasAlpha || $0.offset % 4 != 3 }.map { Int($0.element) }
            let mean = Double(colours.reduce(0, +)) / Double(colours.count)
            #expect(abs(mean - 188) <= 1, "\(filter) \(layout): mean \(mean)")
            #expect(colours.allSatisfy { abs($0 - 188) <= 2 })
        }
    }

    @Test(arguments: Filter.allCases)
    func transparentJunkColourLeavesNoTrace(_ filter: Filter) {
        // An opaque red disc on fully transparent pure green.
        var image = try! PixelBuffer(width: 64, height: 64, layout: .rgba8)
        for y in 0 ..< 64 {
            for x in 0 ..< 64 {
                let inside = (Double(x) - 31.5) * (Double(x) - 31.5) + (Double(y) - 31.5) * (Double(y) - 31.5) < 400
                let px: [UInt8] = inside ? [255, 0, 0, 255] : [0, 255, 0, 0]
                image.bytes.replaceSubrange((y * 64 + x) * 4 ..< (y * 64 + x) * 4 + 4, with: px)
            }
        }
        for (w, linear) in [(23, false), (23, true), (150, false)] {
            let out = ResamplingFixtures.resample(image, filter, crop: Box(x: 0.3, y: 0.6, width: 63.1, height: 63.2),
                                                  width: w, height: w, linearLight: linear)
            var edges = 0
            for p in 0 ..< w * w where out.bytes[p * 4 + 3] > 0 {
                #expect(out.bytes[p * 4 + 1] <= 2 && out.bytes[p * 4 + 2] <= 2, "pixel \(p): \(out.bytes[p * 4 ..< p * 4 + 4])")
                if out.bytes[p * 4 + 3] < 255 { edges += 1 }
            }
            if filter != .nearest && filter != .box { #expect(edges > 0) }
        }
    }

    @Test(arguments: Orientation.allCases)
    func orientedSourceEqualsItsUprightCopy(_ o: Orientation) {
        let crop = Box(x: 3.3, y: 2.7, width: 50.1, height: 38.6)
        for layout in PixelLayout.allCases {
            let stored = ResamplingFixtures.photo(width: 61, height: 47, layout: layout, seed: 3)
            let upright = ResamplingFixtures.upright(stored, o)
            let uprightCrop = o.uprightBox(crop, storedWidth: 61, storedHeight: 47)
            let size = o.uprightSize(width: 23, height: 17)
            for filter in Filter.allCases {
                for linear in [false, true] {
                    let a = ResamplingFixtures.resample(stored, filter, crop: crop, width: size.width, height: size.height,
                                                        orientation: o, linearLight: linear)
                    let b = ResamplingFixtures.resample(upright, filter, crop: uprightCrop, width: size.width, height: size.height,
                                                        linearLight: linear)
                    let same = a == b
                    #expect(same, "\(o) \(layout) \(filter) linear=\(linear)")
                }
            }
            let up = ResamplingFixtures.resample(stored, .lanczos3, crop: crop, width: 40, height: 60, orientation: o)
            #expect(up.width == 40 && up.height == 60)
        }
    }

    @Test func passOrderFollowsTheCostModelAndIsTheSameForEveryOrientation() {
        // The same upright 400x300 source in every orientation.
        func plan(_ o: Orientation, _ w: Int, _ h: Int) -> ResamplePlan {
            let (sw, sh) = o.swapsAxes ? (300, 400) : (400, 300)
            return ResamplePlan(sourceWidth: sw, sourceHeight: sh, crop: Box(x: 0, y: 0, width: Double(sw), height: Double(sh)),
                                outputWidth: w, outputHeight: h, orientation: o, layout: .rgb8)
        }
        // Strong downscale of RGB: across rows first (cheaper); upscale: along rows first.
        #expect(!plan(.up, 80, 60).horizontalFirst)
        #expect(plan(.up, 920, 690).horizontalFirst)
        for o in Orientation.allCases {
            #expect(plan(o, 80, 60).horizontalFirst == o.swapsAxes)
            #expect(plan(o, 920, 690).horizontalFirst == !o.swapsAxes)
        }
    }

    @Test(arguments: PixelLayout.allCases)
    func tinyImagesWork(_ layout: PixelLayout) {
        for (w, h) in [(1, 1), (2, 3), (3, 1), (5, 2)] {
            let image = ResamplingFixtures.photo(width: w, height: h, layout: layout, seed: 19)
            for (ow, oh) in [(1, 1), (4, 3), (7, 9)] {
                for filter in Filter.allCases {
                    let fast = ResamplingFixtures.resample(image, filter, width: ow, height: oh, orientation: .right)
                    let scalar = ResamplingFixtures.resample(image, filter, width: ow, height: oh, orientation: .right, using: .scalar)
                    let same = fast == scalar
                    #expect(same, "\(w)x\(h) -> \(ow)x\(oh) \(filter)")
                    ResamplerQualityTests.expectCloseToReference(ResamplingFixtures.upright(image, .right), filter,
                        crop: Box(x: 0, y: 0, width: Double(h), height: Double(w)), width: ow, height: oh)
                }
            }
        }
    }

    @Test(arguments: Orientation.allCases)
    func uprightBoxInvertsStoredBox(_ o: Orientation) {
        let box = Box(x: 1.25, y: 2.5, width: 3.75, height: 1.5)
        let stored = o.storedBox(box, storedWidth: 7, storedHeight: 5)
        let (uw, uh) = o.uprightSize(width: 7, height: 5)
        #expect(uw > 0 && uh > 0)
        #expect(o.uprightBox(stored, storedWidth: 7, storedHeight: 5) == box)
    }

    @Test(arguments: [PixelLayout.rgb8, .rgba8, .gray8])
    func streamingEqualsTheBufferFormAndReusesScratch(_ layout: PixelLayout) {
        let image = ResamplingFixtures.photo(width: 90, height: 70, layout: layout, seed: 9)
        let other = ResamplingFixtures.photo(width: 90, height: 70, layout: layout, seed: 11)
        for o in [Orientation.up, .right, .down] {
            let crop = Box(x: 20.5, y: 15.25, width: 40.2, height: 30.1)
            let r = Resampler(sourceWidth: 90, sourceHeight: 70, crop: crop, outputWidth: 16, outputHeight: 12,
                              orientation: o, layout: layout)
            let whole = r.resample(image)
            #expect(r.sourceRows.lowerBound > 0 && r.sourceRows.upperBound < 70)
            // Rows come one by one from a padded buffer, with junk in the rows the plan does not need.
            var padded = try! PixelBuffer(width: 90, height: 70, layout: layout, bytesPerRow: 90 * layout.channels + 13,
                                     bytes: [UInt8](repeating: 77, count: (90 * layout.channels + 13) * 70))
            for y in 0 ..< 70 where r.sourceRows.contains(y) {
                for x in 0 ..< 90 * layout.channels { padded.bytes[y * padded.bytesPerRow + x] = image.bytes[y * image.bytesPerRow + x] }
            }
            var out = try! PixelBuffer(width: 1, height: 1, layout: .gray8)
            for round in 0 ..< 2 {
                padded.bytes.withUnsafeBytes { bytes in
                    for y in 0 ..< 70 {
                        r.consume(row: UnsafeRawBufferPointer(rebasing: bytes[y * padded.bytesPerRow ..< (y + 1) * padded.bytesPerRow]), y: y)
                    }
                }
                r.finish(into: &out)
                let same = out == whole
                #expect(same, "\(o) round \(round)")
            }
            // An image abandoned half way (a decode error) does not affect the next one.
            image.bytes.withUnsafeBytes { bytes in
                for y in r.sourceRows.prefix(5) {
                    r.consume(row: UnsafeRawBufferPointer(rebasing: bytes[y * image.bytesPerRow ..< (y + 1) * image.bytesPerRow]), y: y)
                }
            }
            let fresh = Resampler(plan: r.plan).resample(other)
            let reused = r.resample(other)
            #expect(reused == fresh)
        }
    }

    @Test(arguments: Filter.allCases)
    func foldedCropEqualsAPreCroppedCopyAwayFromItsEdges(_ filter: Filter) {
        let image = ResamplingFixtures.photo(width: 100, height: 80, layout: .rgb8, seed: 13)
        let rect = PixelRect(x: 13, y: 7, width: 64, height: 48)
        let copy = ResamplingFixtures.cropped(image, rect)
        let crop = Box(x: 13, y: 7, width: 64, height: 48)
        for (w, h) in [(32, 24), (16, 12), (128, 96)] {
            let folded = ResamplingFixtures.resample(image, filter, crop: crop, width: w, height: h)
            let direct = ResamplingFixtures.resample(copy, filter, width: w, height: h)
            let f = 64.0 / Double(w)
            let reach = filter.radius * (filter == .nearest ? 1 : max(f, 1))
            func inside(_ i: Int, _ size: Double) -> Bool {
                let c = (Double(i) + 0.5) * f
                return c - reach >= 0 && c + reach <= size
            }
            var compared = 0
            for j in 0 ..< h where inside(j, 48) {
                for i in 0 ..< w where inside(i, 64) {
                    #expect(folded[i, j] == direct[i, j], "\(filter) \(w)x\(h) pixel \(i),\(j)")
                    compared += 1
                }
            }
            #expect(compared > w * h / 4)
        }
    }

    @Test(arguments: Filter.allCases)
    func identityReturnsTheInputForInterpolatingFilters(_ filter: Filter) {
        for layout in PixelLayout.allCases {
            let image = ResamplingFixtures.photo(width: 41, height: 29, layout: layout, seed: 17)
            let out = ResamplingFixtures.resample(image, filter, width: 41, height: 29)
            let same = out == image
            // Mitchell (B = 1/3) is not interpolating: k(0) = 8/9, so it softens even at scale 1.
            #expect(same == (filter != .mitchell), "\(filter) \(layout)")
        }
    }

    @Test func sourceRowsCoverOnlyTheCropAndTheFilterReach() {
        let r = Resampler(sourceWidth: 400, sourceHeight: 300, crop: Box(x: 100, y: 100, width: 100, height: 50),
                          outputWidth: 50, outputHeight: 25, layout: .rgb8)
        // Scale 2: Lanczos3 reaches 6 source pixels beyond the crop's outermost pixel centres.
        #expect(r.sourceRows.lowerBound >= 94 && r.sourceRows.lowerBound <= 96)
        #expect(r.sourceRows.upperBound >= 154 && r.sourceRows.upperBound <= 156)
        #expect(r.plan.sourceColumns.lowerBound >= 90 && r.plan.sourceColumns.upperBound <= 210)
    }
}
