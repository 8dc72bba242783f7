/// Chooses where a crop window of known size goes, from the pixels: the attention or entropy
/// strategy of `Gravity`, run on small upright copies of the decoded frame, or of several frames of
/// an animation (one window for all of them). Build it once; `focus(window:)` is cheap, so several
/// window shapes can share one analysis.
struct CropWindowFinder {
    let gravity: Gravity
    /// What attention found: the frontal faces (surest first), then the salient region. Empty for entropy.
    let subjects: [Subject]
    private let images: [AnalysisImage]
    private let saliency: SaliencyMap?

    /// Two faces found in different frames are one subject when their boxes overlap this much
    /// (intersection over union): a face that moves keeps a box at each place it was seen.
    static let sameFace = 0.5

    /// The window finder of one frame, analysed on up to `threads` threads (`FrameEvidence`).
    init(_ gravity: Gravity, frame: PixelBuffer, orientation: Orientation, threads: Int) {
        self.init(gravity, evidence: [FrameEvidence(gravity, frame: frame, orientation: orientation, threads: threads)])
    }

    /// One window for every frame whose `evidence` is given: saliency is their mean, faces their
    /// union (surest first), entropy counts the pixels of all of them.
    init(_ gravity: Gravity, evidence: [FrameEvidence]) {
        self.gravity = gravity
        images = evidence.map(\.image)
        let maps = evidence.compactMap(\.saliency)
        guard gravity != .entropy, !maps.isEmpty else {
            subjects = []
            saliency = nil
            return
        }
        let map = maps.count == 1 ? maps[0] : SaliencyMap(averaging: maps)
        saliency = map
        var faces = [Subject]()
        for face in evidence.flatMap(\.faces).sorted(by: { $0.confidence > $1.confidence })
        where !faces.contains(where: { $0.overlap(face) > Self.sameFace }) {
            faces.append(face)
        }
        subjects = faces + (map.salientRegion().map { [$0] } ?? [])
    }

    /// The centre of the chosen window as fractions of the upright image, ready for
    /// `Gravity.focus`. `window` is the crop's size as fractions of the upright image.
    func focus(window: (width: Double, height: Double)) -> (x: Double, y: Double) {
        let w = min(1, window.width), h = min(1, window.height)
        if let saliency {
            let corner = SubjectWindow(subjects: subjects, saliency: saliency).place(width: w, height: h)
            return (corner.x + w / 2, corner.y + h / 2)
        }
        let image = images[0]
        let pw = w * Double(image.width), ph = h * Double(image.height)
        let corner = EntropyWindow(images: images).best(width: pw, height: ph)
        return ((corner.x + pw / 2) / Double(image.width), (corner.y + ph / 2) / Double(image.height))
    }
}
