/// What one frame says about where a crop window should go: its small upright copy (entropy reads
/// it), and for attention its saliency map and frontal faces. `CropWindowFinder` weighs the
/// evidence of one still, or of frames spread over an animation.
struct FrameEvidence {
    let image: AnalysisImage
    /// Nil for entropy.
    let saliency: SaliencyMap?
    /// Empty for entropy.
    let faces: [Subject]

    init(_ gravity: Gravity, frame: PixelBuffer, orientation: Orientation) {
        if gravity == .entropy {
            image = AnalysisImage(frame: frame, orientation: orientation)
            saliency = nil
            faces = []
        } else {
            image = AnalysisImage(frame: frame, orientation: orientation, longSide: FaceDetector.longSide)
            saliency = SaliencyMap(image)
            faces = FaceDetector.faces(in: image)
        }
    }
}
