@testable import AspectFit
import Foundation
import Testing
import TestSupport

/// The variants of an animation share one decode of its frames (`SharedFrames`): every result is the
/// bytes its own `Pipeline.run` writes, whatever the mix of animated outputs, smart crops, still frames
/// and formats, and a variant that fails leaves the others' results as they are.
@Suite struct AnimationVariantTests {
    static func variants() -> [FitOptions] {
        var gif = FitOptions()
        gif.ratio = .square
        gif.size = .width(48)
        gif.format = .gif
        var attention = FitOptions()
        attention.ratio = AspectRatio(unchecked: 16, 9)
        attention.size = .width(64)
        attention.gravity = .attention
        attention.format = .webp
        var thirdFrame = FitOptions()
        thirdFrame.ratio = AspectRatio(unchecked: 3, 4)
        thirdFrame.size = .width(30)
        thirdFrame.format = .png
        thirdFrame.frame = 2
        var cornered = FitOptions()
        cornered.ratio = AspectRatio(unchecked: 4, 3)
        cornered.size = .width(40)
        cornered.cornerRadius = .percent(25)
        cornered.gravity = .southEast
        var tooSmall = FitOptions()
        tooSmall.ratio = .square
        tooSmall.size = .width(40)
        tooSmall.maxBytes = 50
        return [gif, attention, thirdFrame, cornered, tooSmall]
    }

    @Test(arguments: ["gif/animated-loop3-sharp.gif", "webp/animated-alpha-sharp.webp", "gif/animated-dispose-previous-libvips.gif"])
    func everyVariantIsWhatItsOwnRunWrites(file: String) throws {
        guard try Corpus.require() else { return }
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Corpus.path(file))))
        let options = Self.variants()
        let shared = VariantSet(options: options).run(data)
        try #require(shared.count == options.count)
        for (n, (result, option)) in zip(shared, options).enumerated() {
            let alone = Result { () throws(FitError) in try Pipeline(options: option).run(data) }
            switch (result, alone) {
            case (.success(let together), .success(let own)):
                #expect(together.bytes == own.bytes, "\(file) variant \(n): bytes differ from its own run")
                #expect(together.frames == own.frames && together.durationMilliseconds == own.durationMilliseconds, "\(file) variant \(n)")
                #expect(together.plan.geometry == own.plan.geometry, "\(file) variant \(n): window")
            case (.failure(let together), .failure(let own)):
                #expect("\(together)" == "\(own)", "\(file) variant \(n)")
            default:
                Issue.record("\(file) variant \(n): \(result) together, \(alone) alone")
            }
        }
        guard case .success(let animated) = shared[0], case .failure(.overBudget) = shared[4] else {
            Issue.record("\(file): the GIF variant is written and the 50-byte budget is refused")
            return
        }
        #expect(animated.frames > 1)
        if case .success(let still) = shared[2] { #expect(still.frames == 1) } else { Issue.record("\(file): frame 2 as a still") }
    }
}
