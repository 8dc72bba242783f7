/// Chooses where a crop window of known size goes, from the pixels: the attention or entropy
/// strategy of `Gravity`, run on a small upright copy of the decoded frame.
enum CropWindowFinder {
    /// The centre of the chosen window as fractions of the upright image, ready for
    /// `Gravity.focus`. `window` is the crop's size as fractions of the upright image.
    static func focus(_ gravity: Gravity, frame: PixelBuffer, orientation: Orientation,
                      window: (width: Double, height: Double)) -> (x: Double, y: Double) {
        let image = AnalysisImage(frame: frame, orientation: orientation)
        let w = min(1, window.width) * Double(image.width), h = min(1, window.height) * Double(image.height)
        let corner: (x: Double, y: Double)
        switch gravity {
        case .entropy:
            corner = EntropyWindow(image: image).best(width: w, height: h)
        default:
            let map = AttentionMap(image)
            corner = WindowSearch(weights: map.weights, width: image.width, height: image.height).best(width: w, height: h)
        }
        return ((corner.x + w / 2) / Double(image.width), (corner.y + h / 2) / Double(image.height))
    }
}
