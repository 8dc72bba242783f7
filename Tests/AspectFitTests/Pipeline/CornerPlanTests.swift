import Testing
import TestSupport
@testable import AspectFit

/// The plan resolves the corners once: `FitPlan.corners` is the mask of the surface they round
/// (the box, or the picture inside contain bars), built as `CornerMask` builds it for that size;
/// a workspace that keeps the last mask between images gives every image the bytes a fresh one does.
@Suite struct CornerPlanTests {
    /// A 300x150 opaque ramp.
    static let source = ContainTests.source

    static func options(size: (Int, Int), radius: CornerRadius?, style: CornerStyle = .circular,
                        contain: Bool = false, onPicture: Bool = false) -> FitOptions {
        var options = FitOptions()
        options.size = .size(width: size.0, height: size.1)
        options.cornerRadius = radius
        options.cornerStyle = style
        if contain { options.fit = .contain }
        if onPicture { options.cornersOn = .picture }
        return options
    }

    @Test func thePlanCarriesTheMaskOfTheSurfaceItRounds() throws {
        let cover = try Pipeline(options: Self.options(size: (120, 90), radius: .percent(25), style: .continuous)).plan(Self.source)
        #expect(cover.corners == CornerMask(width: 120, height: 90, radius: .percent(25), style: .continuous))
        #expect(cover.corners?.radius == 22.5 && cover.cutsCorners)
        // contain: a 2:1 picture in a 100x100 box is 100x50
        let box = try Pipeline(options: Self.options(size: (100, 100), radius: .pixels(30), contain: true)).plan(Self.source)
        #expect(box.corners == CornerMask(width: 100, height: 100, radius: .pixels(30)))
        let picture = try Pipeline(options: Self.options(size: (100, 100), radius: .pixels(30), contain: true, onPicture: true))
            .plan(Self.source)
        #expect(picture.corners == CornerMask(width: 100, height: 50, radius: .pixels(30)) && picture.roundsPicture)
        let none = try Pipeline(options: Self.options(size: (100, 100), radius: .pixels(0))).plan(Self.source)
        #expect(none.corners == nil && !none.cutsCorners)
    }

    @Test func aWorkspaceKeptBetweenImagesGivesTheBytesOfAFreshOne() throws {
        let kept = PipelineWorkspace()
        let runs: [FitOptions] = [
            Self.options(size: (120, 90), radius: .pixels(20)),
            Self.options(size: (120, 90), radius: .pixels(12)),
            Self.options(size: (120, 90), radius: .pixels(12), style: .continuous),
            Self.options(size: (90, 120), radius: .pixels(12)),
            Self.options(size: (120, 90), radius: .percent(50)),
            Self.options(size: (100, 100), radius: .pixels(30), contain: true, onPicture: true),
            Self.options(size: (100, 100), radius: .pixels(30), contain: true),
        ]
        for options in runs + runs.reversed() {
            var png = options
            png.format = .png
            let pipeline = Pipeline(options: png)
            #expect(try Bytes(pipeline.run(Self.source, workspace: kept).bytes) == Bytes(pipeline.run(Self.source).bytes),
                    "\(options.size) \(String(describing: options.cornerRadius)) \(options.cornerStyle)")
        }
    }
}
