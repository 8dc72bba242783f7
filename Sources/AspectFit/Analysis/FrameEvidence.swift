/// What one frame says about where a crop window should go: its small upright copy (entropy reads
/// it), and for attention its saliency map and frontal faces. `CropWindowFinder` weighs the
/// evidence of one still, or of frames spread over an animation.
struct FrameEvidence {
    let image: AnalysisImage
    /// Nil for entropy.
    let saliency: SaliencyMap?
    /// Empty for entropy.
    let faces: [Subject]

    /// The evidence of `frame`; from 2 `threads`, the copy is made in two halves at once and attention
    /// scans for faces on a thread of its own while the saliency map is made (the same evidence either way).
    init(_ gravity: Gravity, frame: PixelBuffer, orientation: Orientation, threads: Int) {
        if gravity == .entropy {
            image = AnalysisImage(frame: frame, orientation: orientation, threads: threads)
            saliency = nil
            faces = []
            return
        }
        let image = AnalysisImage(frame: frame, orientation: orientation, longSide: FaceDetector.longSide, threads: threads)
        self.image = image
        if threads > 1 {
            (faces, saliency) = alongside({ FaceDetector.faces(in: image) }, { SaliencyMap(image) })
        } else {
            saliency = SaliencyMap(image)
            faces = FaceDetector.faces(in: image)
        }
    }
}
