import Testing
@testable import AspectFit

/// Hand-computed plans: the exact numbers a reader can check on paper.
@Suite struct CropPlanExampleTests {
    private func plan(_ w: Int, _ h: Int, _ orientation: Orientation = .up, jpeg: Bool = true, ratio: AspectRatio? = nil,
                      size: SizeRequest, gravity: Gravity = .centre, enlarge: Bool = true) throws -> CropPlan {
        try CropPlan.make(sourceWidth: w, sourceHeight: h, orientation: orientation, shrinkOnLoad: jpeg ? .dct : .none, ratio: ratio,
                          size: size, gravity: gravity, enlarge: enlarge, filterRadius: 3)
    }

    @Test func sameRatioIsNotCroppedAndDecodesAtHalf() throws {
        let p = try plan(4032, 3024, ratio: .fourToThree, size: .width(800))
        #expect(p.outputWidth == 800 && p.outputHeight == 600)
        #expect(p.crop == Box(x: 0, y: 0, width: 4032, height: 3024))
        #expect(p.decodeScale == 2) // 2016/800 = 2.52; 1/4 would leave 1.26
        #expect(p.scaledCrop == Box(x: 0, y: 0, width: 2016, height: 1512))
        #expect(p.decodeRegion == PixelRect(x: 0, y: 0, width: 2016, height: 1512))
        #expect(p.needsResampling)
        #expect(p.description == "4032x3024 -> crop 4032x3024+0+0 -> 800x600, decode 1/2, region 2016x1512+0+0")
    }

    @Test func squareFromLandscapeCentres() throws {
        let p = try plan(4032, 3024, size: .size(width: 256, height: 256))
        #expect(p.crop == Box(x: 504, y: 0, width: 3024, height: 3024))
        #expect(p.decodeScale == 4) // 756/256 = 2.95; 1/8 would leave 1.48
        #expect(p.scaledCrop == Box(x: 126, y: 0, width: 756, height: 756))
        // support 3 * 2.953 = 8.86 scaled pixels, plus 1: columns floor(126 - 9.86) ... ceil(882 + 9.86)
        #expect(p.decodeRegion == PixelRect(x: 116, y: 0, width: 892 - 116, height: 756))
        #expect(try plan(4032, 3024, ratio: .square, size: .width(256)) == p)
    }

    @Test func landscapeFromPortrait() throws {
        let p = try plan(3024, 4032, size: .size(width: 800, height: 600))
        #expect(p.crop == Box(x: 0, y: 882, width: 3024, height: 2268))
        #expect(p.storedCrop == p.crop)
        #expect(p.decodeScale == 1) // 1512/800 = 1.89 at 1/2: Lanczos3 needs 2 there
    }

    @Test func orientationSixWorksUpright() throws {
        let p = try plan(4032, 3024, .right, ratio: .fourToThree, size: .width(800))
        #expect(p.outputWidth == 800 && p.outputHeight == 600)
        #expect(p.crop == Box(x: 0, y: 882, width: 3024, height: 2268))
        // Rotated back: upright rows 882..<3150 are stored columns 882..<3150 (orientation 6: x_stored = y_upright).
        #expect(p.storedCrop == Box(x: 882, y: 0, width: 2268, height: 3024))
        // Stored output is 600x800: at 1/2, 1134/600 = 1512/800 = 1.89 < 2, so full scale.
        #expect(p.decodeScale == 1)
        #expect(p.description.hasPrefix("4032x3024 (orientation 6) -> crop 3024x2268+0+882 -> 800x600"))
    }

    @Test func compassGravities() throws {
        let size = SizeRequest.size(width: 300, height: 300)
        #expect(try plan(400, 300, size: size, gravity: .west).crop == Box(x: 0, y: 0, width: 300, height: 300))
        #expect(try plan(400, 300, size: size, gravity: .east).crop == Box(x: 100, y: 0, width: 300, height: 300))
        #expect(try plan(400, 300, size: size, gravity: .north).crop == Box(x: 50, y: 0, width: 300, height: 300))
        #expect(try plan(300, 400, size: size, gravity: .north).crop == Box(x: 0, y: 0, width: 300, height: 300))
        #expect(try plan(300, 400, size: size, gravity: .southWest).crop == Box(x: 0, y: 100, width: 300, height: 300))
        #expect(try plan(300, 400, size: size, gravity: .focus(x: 0.5, y: 0.25)).crop == Box(x: 0, y: 0, width: 300, height: 300))
        #expect(try plan(300, 400, size: size, gravity: .focus(x: 0.5, y: 0.6)).crop == Box(x: 0, y: 90, width: 300, height: 300))
    }

    @Test func centreMatchesTheBenchmarkReference() throws {
        // quality.py: s = max(w/W, h/H); x0 = (W - w/s)/2; y0 = (H - h/s)/2.
        for (sw, sh, ow, oh) in [(4032, 3024, 333, 777), (1000, 999, 640, 480), (3, 7, 1920, 1080), (5000, 20, 17, 3)] {
            let p = try plan(sw, sh, jpeg: false, size: .size(width: ow, height: oh))
            let s = max(Double(ow) / Double(sw), Double(oh) / Double(sh))
            #expect(abs(p.crop.x - (Double(sw) - Double(ow) / s) / 2) <= 1e-9)
            #expect(abs(p.crop.y - (Double(sh) - Double(oh) / s) / 2) <= 1e-9)
            #expect(abs(p.crop.width - Double(ow) / s) <= 1e-9 && abs(p.crop.height - Double(oh) / s) <= 1e-9)
        }
    }

    @Test func pureClipAtSourceResolution() throws {
        let p = try plan(4032, 3024, ratio: .sixteenToNine, size: .none)
        #expect(p.outputWidth == 4032 && p.outputHeight == 2268)
        #expect(p.crop == Box(x: 0, y: 378, width: 4032, height: 2268))
        #expect(!p.needsResampling && p.decodeScale == 1)
        #expect(p.decodeRegion == PixelRect(x: 0, y: 378, width: 4032, height: 2268))
        #expect(p.description == "4032x3024 -> crop 4032x2268+0+378 -> 4032x2268, pure clip")
        // An odd margin: the spare pixel goes to the bottom.
        #expect(try plan(100, 101, ratio: .square, size: .none).crop == Box(x: 0, y: 0, width: 100, height: 100))
        #expect(try plan(100, 103, ratio: .square, size: .none).crop == Box(x: 0, y: 1, width: 100, height: 100))
    }

    @Test func noRatioNoSizeIsAnUprightReencode() throws {
        let p = try plan(640, 480, .left, size: .none)
        #expect(p.outputWidth == 480 && p.outputHeight == 640)
        #expect(p.crop == Box(x: 0, y: 0, width: 480, height: 640))
        #expect(p.storedCrop == Box(x: 0, y: 0, width: 640, height: 480))
        #expect(!p.needsResampling)
    }

    @Test func sizesFollowTheRatioOrTheSource() throws {
        #expect(try plan(4000, 3000, size: .width(1000)).outputHeight == 750)
        #expect(try plan(4000, 3000, size: .height(100)).outputWidth == 133)
        #expect(try plan(4000, 3000, size: .longEdge(1024)).outputHeight == 768)
        #expect(try plan(3000, 4000, size: .longEdge(1024)).outputWidth == 768)
        #expect(try plan(4000, 3000, ratio: .nineToSixteen, size: .longEdge(1920)).outputWidth == 1080)
        #expect(try plan(4000, 3000, ratio: .sixteenToNine, size: .longEdge(1920)).outputHeight == 1080)
        #expect(try plan(4000, 3000, ratio: .openGraph, size: .width(1200)).outputHeight == 628)
        #expect(try plan(4000, 3000, ratio: .fourToThree, size: .height(1)).outputWidth == 1)
        #expect(try plan(4000, 3000, ratio: .openGraph, size: .size(width: 1200, height: 628)).outputWidth == 1200)
    }

    @Test func noEnlargeShrinksToTheSource() throws {
        let p = try plan(400, 300, ratio: .sixteenToNine, size: .width(1920), enlarge: false)
        #expect(p.outputWidth == 400 && p.outputHeight == 225)
        #expect(p.crop == Box(x: 0, y: 37, width: 400, height: 225))
        #expect(!p.needsResampling)
        let q = try plan(400, 300, size: .size(width: 1000, height: 1000), enlarge: false)
        #expect(q.outputWidth == 300 && q.outputHeight == 300)
        let r = try plan(400, 300, ratio: .sixteenToNine, size: .width(1920))
        #expect(r.outputWidth == 1920 && r.outputHeight == 1080)
        #expect(try plan(4000, 3000, size: .width(100), enlarge: false).outputWidth == 100)
        // Not fitting is judged on the output, so an absurd request still shrinks to the source.
        #expect(try plan(400, 300, size: .width(1_000_000), enlarge: false).outputWidth == 400)
    }

    @Test func errors() throws {
        #expect(throws: PlanError.invalidSource(width: 0, height: 10)) { try plan(0, 10, size: .width(5)) }
        #expect(throws: PlanError.invalidSource(width: 10, height: -1)) { try plan(10, -1, size: .none) }
        #expect(throws: PlanError.nonPositiveSize(.width(0))) { try plan(10, 10, size: .width(0)) }
        #expect(throws: PlanError.nonPositiveSize(.size(width: 5, height: -2))) { try plan(10, 10, size: .size(width: 5, height: -2)) }
        #expect(throws: PlanError.conflictingRatio(width: 1200, height: 630, ratio: .openGraph)) {
            try plan(4000, 3000, ratio: .openGraph, size: .size(width: 1200, height: 630))
        }
        #expect(throws: PlanError.outputTooLarge(width: 70000, height: 52500, maxSide: 65535, maxPixels: 268_402_689)) { try plan(400, 300, size: .width(70000)) }
        #expect(throws: PlanError.outputTooLarge(width: 20000, height: 20000, maxSide: 65535, maxPixels: 268_402_689)) { try plan(400, 400, size: .longEdge(20000)) }
        #expect(throws: PlanError.outputTooLarge(width: 65_535_000, height: 65535, maxSide: 65535, maxPixels: 268_402_689)) {
            try plan(400, 400, ratio: .custom(width: 1000, height: 1), size: .height(65535))
        }
        #expect(throws: PlanError.outputTooLarge(width: Double(Int.max), height: 9.223372036854776e15, maxSide: 65535, maxPixels: 268_402_689)) {
            try plan(400, 400, ratio: .custom(width: 1000, height: 1), size: .width(Int.max))
        }
        #expect(throws: PlanError.invalidFocus(x: 1.5, y: 0)) { try plan(10, 10, size: .none, gravity: .focus(x: 1.5, y: 0)) }
        for error in [PlanError.invalidSource(width: 0, height: 1), .nonPositiveSize(.longEdge(0)),
                      .conflictingRatio(width: 1, height: 2, ratio: .square), .outputTooLarge(width: 1e6, height: 1, maxSide: 65535, maxPixels: 268_402_689),
                      .invalidFocus(x: 2, y: 0)] {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
        #expect(PlanError.conflictingRatio(width: 1200, height: 630, ratio: .openGraph).description
            == "size 1200x630 is not 1.91:1 (give a size or a ratio with one side, not both)")
    }

    @Test func pngNeverShrinksOnLoad() throws {
        #expect(try plan(4032, 3024, jpeg: false, size: .width(100)).decodeScale == 1)
        #expect(try plan(4032, 3024, size: .width(100)).decodeScale == 8)
    }
}
