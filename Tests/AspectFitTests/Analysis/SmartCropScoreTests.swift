import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// The annotated set scored through the real pipeline: for every image and ratio where the
/// window's position matters, the share of the hand-boxed subject the crop keeps, relative to
/// the best any window position keeps. The floors sit just under today's scores (see
/// docs/smart-crop.md for the table and scripts/measure/smartcrop-score.py for the comparison with libvips).
@Suite struct SmartCropScoreTests {
    struct Score {
        var mean: Double
        var cases: Int
        /// Cases where the centre crop keeps the whole subject and the strategy keeps < 90% of the best.
        var losses: [String]
    }

    /// The crop the pipeline makes for `options` (a width and ratio), computed as
    /// `Pipeline.decodeChoosingWindow` does: the frame decoded at the planned DCT scale, the window
    /// chosen on it (on its block means, for attention on a JPEG of 1920 px or more), then re-planned
    /// with that focus. One analysis serves every ratio at one scale
    /// (`pipelineAgreesWithTheScoredPath` checks this equals what `Pipeline.run` reports).
    struct ImageCrops {
        let data: [UInt8]
        let info: ImageInfo
        let gravity: Gravity
        var finders: [Int: CropWindowFinder] = [:]

        init(path: String, gravity: Gravity) throws {
            data = try ImageFile.read(path: path)
            info = try ImageFile.probe(data)
            self.gravity = gravity
        }

        mutating func crop(_ ratio: AspectRatio) throws -> CropPlan {
            var options = FitOptions()
            options.ratio = ratio
            options.size = .width(96)
            options.gravity = gravity
            let pipeline = Pipeline(options: options)
            let planned = try pipeline.plan(for: info).geometry
            guard gravity.readsPixels else { return planned }
            let scale = planned.decodeScale
            if finders[scale] == nil {
                var decode = DecodeOptions(scaleDenominator: scale)
                decode.recordsBlockMeans = pipeline.analysesBlockMeans(of: info)
                let decoded = try ImageFile.decode(data, options: decode)
                finders[scale] = CropWindowFinder(gravity, frame: decoded.blockMeans ?? decoded.pixels, orientation: info.orientation, threads: 1)
            }
            let upright = info.orientation.uprightSize(width: info.width, height: info.height)
            let focus = finders[scale]!.focus(window: (planned.crop.width / Double(upright.width),
                                                       planned.crop.height / Double(upright.height)))
            return try CropPlan.make(sourceWidth: info.width, sourceHeight: info.height, orientation: info.orientation,
                                     shrinkOnLoad: ShrinkOnLoad(info), ratio: ratio, size: .width(96),
                                     gravity: .focus(x: focus.x, y: focus.y), enlarge: true, filterRadius: Filter.lanczos3.radius)
                .withDecodeScale(scale, filterRadius: Filter.lanczos3.radius)
        }
    }

    static func score(_ gravity: Gravity, set list: String = AnnotatedSet.fitting) throws -> Score {
        var total = 0.0, cases = 0
        var losses = [String]()
        for entry in try AnnotatedSet.entries(list) {
            var crops = try ImageCrops(path: entry.path, gravity: gravity)
            for ratio in AnnotatedSet.ratios {
                let plan = try crops.crop(ratio)
                let upright = plan.orientation.uprightSize(width: plan.sourceWidth, height: plan.sourceHeight)
                let w = Double(upright.width), h = Double(upright.height)
                let s = entry.subject
                let subject = Box(x: s.x0 * w, y: s.y0 * h, width: (s.x1 - s.x0) * w, height: (s.y1 - s.y0) * h)
                let crop = plan.crop
                let (best, worst) = AnnotatedSet.bounds(subject, window: crop, width: w, height: h)
                guard worst < best * 0.999 else { continue }
                let centred = Box(x: (w - crop.width) / 2, y: (h - crop.height) / 2, width: crop.width, height: crop.height)
                let score = AnnotatedSet.kept(subject, by: crop) / best
                total += score
                cases += 1
                if AnnotatedSet.kept(subject, by: centred) >= 0.99 * best, score < 0.9 {
                    losses.append("\(URL(fileURLWithPath: entry.path).lastPathComponent) \(ratio): \(score)")
                }
            }
        }
        return Score(mean: total / Double(max(1, cases)), cases: cases, losses: losses)
    }

    @Test func pipelineAgreesWithTheScoredPath() throws {
        guard try Corpus.require() else { return }
        for (relative, ratio) in [("photos/flickr-saw-2725x2225.jpg", AspectRatio.nineToSixteen),
                                  ("photos/iphone-xs-p3-orientation6-4032x3024.jpg", AspectRatio(unchecked: 3, 1)),
                                  ("photos/nasa-astronaut-rgba-852x567.png", AspectRatio(unchecked: 1, 3))] {
            var crops = try ImageCrops(path: Corpus.path(relative), gravity: .attention)
            var options = FitOptions()
            options.ratio = ratio
            options.size = .width(96)
            options.gravity = .attention
            let result = try Pipeline(options: options).run(crops.data)
            #expect(result.plan.geometry == (try crops.crop(ratio)), "\(relative) \(ratio)")
            #expect(result.plan.windowChoice?.isChosen == true)
        }
    }

    @Test func attentionKeepsTheAnnotatedSubjects() throws {
        guard try Corpus.require() else { return }
        let score = try Self.score(.attention)
        #expect(score.cases >= 150)
        // 0.956 with the cue weights fitted on this set; 0.943 with the subject finder of issue 28,
        // which was tuned on the evidence set instead (EvidenceSetTests); 0.934 with its geodesic cue.
        #expect(score.mean >= 0.93, "attention mean \(score.mean) over \(score.cases) cases")
        #expect(score.losses.isEmpty, "lost where the centre keeps the subject: \(score.losses)")
    }

    /// The held-out set: the weights were fitted on the set above, so this is the honest score.
    /// No corpus files: it runs everywhere.
    @Test func attentionKeepsTheHeldOutSubjects() throws {
        let score = try Self.score(.attention, set: AnnotatedSet.heldOut)
        #expect(score.cases >= 140)
        // 0.955 with the old cue weights, 0.930 with the subject finder of issue 28, 0.943 with its
        // geodesic cue (docs/smart-crop.md)
        #expect(score.mean >= 0.935, "attention mean \(score.mean) over \(score.cases) cases")
        // Two partial losses, recorded when the set was first scored (docs/smart-crop.md): the cat's
        // face filling a 3:1 strip (0.81) and the sideways rocket at 3:1 (0.90). Not tuned away.
        #expect(score.losses.count <= 2, "lost where the centre keeps the subject: \(score.losses)")
        let centre = try Self.score(.centre, set: AnnotatedSet.heldOut)
        #expect(centre.mean < 0.62, "centre \(centre.mean)")
    }

    @Test func centreIsTheBaselineItBeats() throws {
        guard try Corpus.require() else { return }
        let centre = try Self.score(.centre)
        let entropy = try Self.score(.entropy)
        // Recorded so a change to the set or the scorer shows here; entropy is libvips' method.
        #expect(centre.mean < 0.6, "centre \(centre.mean)")
        #expect(entropy.mean >= 0.7, "entropy \(entropy.mean)")
    }
}
