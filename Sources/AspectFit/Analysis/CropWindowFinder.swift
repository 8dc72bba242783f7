/// Chooses where a crop window of known size goes, from the pixels: the attention or entropy
/// strategy of `Gravity`, run on a small upright copy of the decoded frame. Build it once per
/// frame; `focus(window:)` is cheap, so several window shapes can share one analysis.
struct CropWindowFinder {
    let gravity: Gravity
    let image: AnalysisImage
    private let search: WindowSearch?

    init(_ gravity: Gravity, frame: PixelBuffer, orientation: Orientation) {
        self.gravity = gravity
        image = AnalysisImage(frame: frame, orientation: orientation)
        search = gravity == .entropy ? nil
            : WindowSearch(weights: AttentionMap(image).weights, width: image.width, height: image.height)
    }

    /// The centre of the chosen window as fractions of the upright image, ready for
    /// `Gravity.focus`. `window` is the crop's size as fractions of the upright image.
    func focus(window: (width: Double, height: Double)) -> (x: Double, y: Double) {
        let w = min(1, window.width) * Double(image.width), h = min(1, window.height) * Double(image.height)
        let corner = search?.best(width: w, height: h) ?? EntropyWindow(image: image).best(width: w, height: h)
        return ((corner.x + w / 2) / Double(image.width), (corner.y + h / 2) / Double(image.height))
    }
}
