import Foundation
import TestSupport
@testable import AspectFit

/// The annotated smart-crop sets (Tests/SmartCropSet/annotations.tsv and the held-out heldout.tsv,
/// written by scripts/generate/make-smartcrop-set.py): each image's key subject as fractions of the upright image,
/// boxed by hand for photos and by construction for the generated pictures.
struct AnnotatedSet {
    struct Entry {
        var path: String
        /// x0, y0, x1, y1 as fractions of the upright image.
        var subject: (x0: Double, y0: Double, x1: Double, y1: Double)
        var note: String
    }

    static let folder = Corpus.projectRoot.appendingPathComponent("Tests/SmartCropSet")
    /// The ratios the score runs over: those where a window's position matters on most photos.
    static let ratios: [AspectRatio] = [.square, .nineToSixteen, .sixteenToNine, AspectRatio(unchecked: 3, 1),
                                        AspectRatio(unchecked: 1, 3), .fourToFive]

    /// The set the attention weights were fitted on.
    static let fitting = "annotations.tsv"
    /// Photos and pictures the weights never saw (scripts/generate/make-smartcrop-set.py, another seed).
    static let heldOut = "heldout.tsv"

    static func entries(_ list: String = fitting) throws -> [Entry] {
        let text = try String(contentsOf: folder.appendingPathComponent(list), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let kind = f[0].prefix { $0 != ":" }, relative = String(f[0].drop { $0 != ":" }.dropFirst())
            let path = switch kind {
            case "corpus": Corpus.path(relative)
            case "samples": Corpus.projectRoot.appendingPathComponent("samples/\(relative)").path
            default: folder.appendingPathComponent(relative).path
            }
            return Entry(path: path, subject: (Double(f[1])!, Double(f[2])!, Double(f[3])!, Double(f[4])!), note: f[5])
        }
    }

    /// A photo of the evidence set (Tests/SmartCropSet/evidence.tsv): its kind, part and the boxes
    /// drawn by eye, as fractions of the upright image.
    struct EvidenceEntry {
        var path: String
        var kind: String
        /// "open" (tuning may look at it) or "sealed" (final figures only).
        var part: String
        var sealed: Bool { part != "open" }
        var subjects: [(x0: Double, y0: Double, x1: Double, y1: Double)]
        var faces: [(x0: Double, y0: Double, x1: Double, y1: Double)]
    }

    /// The photos from sources the attention weights never saw, boxed by eye.
    static let evidence = "evidence.tsv"

    /// "x0 y0 x1 y1;x0 y0 x1 y1" as boxes; "" as none.
    static func boxes(_ text: String) -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        text.split(separator: ";").map { box in
            let v = box.split(separator: " ").map { Double($0)! }
            return (v[0], v[1], v[2], v[3])
        }
    }

    static func evidenceEntries() throws -> [EvidenceEntry] {
        let text = try String(contentsOf: folder.appendingPathComponent(evidence), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return EvidenceEntry(path: folder.appendingPathComponent("evidence/\(f[0])").path, kind: f[1], part: f[2],
                                 subjects: boxes(f[3]), faces: boxes(f[4]))
        }
    }

    /// The share of the boxes' total area inside `crop` (all in pixels).
    static func kept(_ subjects: [Box], by crop: Box) -> Double {
        subjects.reduce(0) { $0 + kept($1, by: crop) * $1.width * $1.height } / subjects.reduce(0) { $0 + $1.width * $1.height }
    }

    /// The most of `subjects` any position of a window of `window`'s size keeps inside `width` x
    /// `height`, and the least. The window spans one axis whole, so its positions are a line: scanned in
    /// quarter pixels, as scripts/measure/smartcrop-score.py does.
    static func bounds(_ subjects: [Box], window: Box, width: Double, height: Double) -> (best: Double, worst: Double) {
        let horizontal = window.width < width
        let free = horizontal ? width - window.width : height - window.height
        var best = 0.0, worst = 1.0
        for step in 0 ... Int(free * 4) {
            let p = Double(step) / 4
            let k = kept(subjects, by: Box(x: horizontal ? p : 0, y: horizontal ? 0 : p, width: window.width, height: window.height))
            best = max(best, k)
            worst = min(worst, k)
        }
        return (best, worst)
    }

    /// The share of `subject` (pixels) inside `crop`.
    static func kept(_ subject: Box, by crop: Box) -> Double {
        let ix = max(0, min(subject.maxX, crop.maxX) - max(subject.x, crop.x))
        let iy = max(0, min(subject.maxY, crop.maxY) - max(subject.y, crop.y))
        return ix * iy / (subject.width * subject.height)
    }

    /// The most of `subject` any window of `size` inside `width` x `height` keeps, and the least.
    static func bounds(_ subject: Box, window: Box, width: Double, height: Double) -> (best: Double, worst: Double) {
        let best = min(subject.width, window.width) * min(subject.height, window.height) / (subject.width * subject.height)
        var worst = 1.0
        for x in [0, width - window.width] {
            for y in [0, height - window.height] {
                worst = min(worst, kept(subject, by: Box(x: x, y: y, width: window.width, height: window.height)))
            }
        }
        return (best, worst)
    }
}
