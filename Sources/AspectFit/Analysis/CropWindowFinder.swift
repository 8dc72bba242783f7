/// Chooses where a crop window of known size goes, from the pixels: the attention or entropy
/// strategy of `Gravity`, run on a small upright copy of the decoded frame. Build it once per
/// frame; `focus(window:)` is cheap, so several window shapes can share one analysis.
struct CropWindowFinder {
    let gravity: Gravity
    let image: AnalysisImage
    /// What attention found: the frontal faces (surest first), then the salient region. Empty for entropy.
    let subjects: [Subject]
    private let saliency: SaliencyMap?

    init(_ gravity: Gravity, frame: PixelBuffer, orientation: Orientation) {
        self.gravity = gravity
        if gravity == .entropy {
            image = AnalysisImage(frame: frame, orientation: orientation)
            subjects = []
            saliency = nil
        } else {
            image = AnalysisImage(frame: frame, orientation: orientation, longSide: FaceDetector.longSide)
            let map = SaliencyMap(image)
            saliency = map
            subjects = FaceDetector.faces(in: image) + (map.salientRegion().map { [$0] } ?? [])
        }
    }

    /// The centre of the chosen window as fractions of the upright image, ready for
    /// `Gravity.focus`. `window` is the crop's size as fractions of the upright image.
    func focus(window: (width: Double, height: Double)) -> (x: Double, y: Double) {
        let w = min(1, window.width), h = min(1, window.height)
        if let saliency {
            let corner = SubjectWindow(subjects: subjects, saliency: saliency).place(width: w, height: h)
            return (corner.x + w / 2, corner.y + h / 2)
        }
        let pw = w * Double(image.width), ph = h * Double(image.height)
        let corner = EntropyWindow(image: image).best(width: pw, height: ph)
        return ((corner.x + pw / 2) / Double(image.width), (corner.y + ph / 2) / Double(image.height))
    }
}
