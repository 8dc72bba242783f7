import Testing
@testable import AspectFit

/// The text cue (`SaliencyMap.greyStrokes`) against pictures whose text is known by construction: a
/// screenshot-like frame (a colourful picture, flat chrome and a light dialog of dark glyph rows) and
/// photo-like frames (smooth colour, a saturated high-contrast texture, grain). The oracle is where the
/// glyphs were drawn, not the cue's own arithmetic.
@Suite struct TextCueTests {
    /// Regions of the screenshot, in pixels of a 480 x 270 frame.
    static let picture = (x0: 16, y0: 40, x1: 150, y1: 230)
    static let dialog = (x0: 330, y0: 40, x1: 464, y1: 230)

    /// A software-manual screenshot: dark grey editor chrome, a vivid "video thumbnail" on the left
    /// (saturated colour blocks and a face-coloured disc), a light grey dialog on the right whose
    /// content is rows of dark glyphs (1 px strokes, 2 px gaps, 3 px between rows) like dialog text.
    static func screenshot() -> PixelBuffer {
        let w = 480, h = 270
        var image = PixelBuffer(blankWidth: w, height: h, layout: .rgb8)
        var rng = SplitMix64(seed: 5)
        let glyphs = (0 ..< 64).map { _ in rng.next() % 3 != 0 }
        for y in 0 ..< h {
            for x in 0 ..< w {
                var rgb: [Double] = [48, 48, 50]
                if (picture.x0 ..< picture.x1).contains(x), (picture.y0 ..< picture.y1).contains(y) {
                    let block = ((x - picture.x0) / 20 + (y - picture.y0) / 20) % 3
                    rgb = [[230, 60, 40], [40, 90, 220], [250, 200, 30]][block]
                    let dx = Double(x - 83), dy = Double(y - 135)
                    if dx * dx + dy * dy < 900 { rgb = [225, 170, 140] }
                } else if (dialog.x0 ..< dialog.x1).contains(x), (dialog.y0 ..< dialog.y1).contains(y) {
                    rgb = [236, 236, 234]
                    let row = (y - dialog.y0 - 8) % 10, column = (x - dialog.x0 - 8) / 3
                    let inside = x >= dialog.x0 + 8 && x < dialog.x1 - 8 && y >= dialog.y0 + 8 && y < dialog.y1 - 8
                    if inside, row < 7, glyphs[column % 64], (x - dialog.x0) % 3 != 2 { rgb = [30, 30, 32] }
                }
                let p = y * image.bytesPerRow + x * 3
                for c in 0 ..< 3 { image.bytes[p + c] = UInt8(rgb[c]) }
            }
        }
        return image
    }

    /// The cue's mean over a region of the frame (pixel box, mapped to the copy).
    static func density(_ strokes: [Float], _ copy: AnalysisImage, frame: (w: Int, h: Int), _ box: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Float {
        let x0 = box.x0 * copy.width / frame.w, x1 = box.x1 * copy.width / frame.w
        let y0 = box.y0 * copy.height / frame.h, y1 = box.y1 * copy.height / frame.h
        var sum: Float = 0
        for y in y0 ..< y1 { for x in x0 ..< x1 { sum += strokes[y * copy.width + x] } }
        return sum / Float((x1 - x0) * (y1 - y0))
    }

    @Test func firesOnDialogTextAndNotOnPicturesOrChrome() {
        let copy = AnalysisImage(frame: Self.screenshot(), orientation: .up, longSide: 240)
        let strokes = SaliencyMap.greyStrokes(copy)
        let frame = (w: 480, h: 270)
        let text = Self.density(strokes, copy, frame: frame, (Self.dialog.x0 + 10, Self.dialog.y0 + 10, Self.dialog.x1 - 10, Self.dialog.y1 - 10))
        let picture = Self.density(strokes, copy, frame: frame, (Self.picture.x0 + 4, Self.picture.y0 + 4, Self.picture.x1 - 4, Self.picture.y1 - 4))
        let chrome = Self.density(strokes, copy, frame: frame, (170, 40, 310, 230))
        #expect(text > 0.3, "text \(text)")
        #expect(picture < 0.02, "picture \(picture)")
        #expect(chrome == 0, "chrome \(chrome)")
    }

    /// Photo-like frames: a smooth colour gradient with a soft disc, a vivid high-contrast colour
    /// texture and grey grain of small amplitude; the cue stays (almost) silent on all of them.
    @Test func silentOnPhotoLikeFrames() {
        let w = 320, h = 240
        var rng = SplitMix64(seed: 9)
        for kind in 0 ..< 3 {
            var image = PixelBuffer(blankWidth: w, height: h, layout: .rgb8)
            for y in 0 ..< h {
                for x in 0 ..< w {
                    let fx = Double(x) / Double(w), fy = Double(y) / Double(h)
                    var rgb: [Double]
                    switch kind {
                    case 0:
                        let d = ((fx - 0.6) * (fx - 0.6) + (fy - 0.4) * (fy - 0.4)).squareRoot()
                        let disc = max(0, min(1, (0.2 - d) * 20))
                        rgb = [90 + 100 * fy + 100 * disc, 140 - 40 * fy + 20 * disc, 200 - 120 * fy - 60 * disc]
                    case 1:
                        let stripe = (x / 2 + y / 3) % 2 == 0
                        rgb = stripe ? [240, 40, 40] : [40, 60, 230]
                    default:
                        let v = 128 + Double(rng.next() % 31) - 15
                        rgb = [v, v, v]
                    }
                    let p = y * image.bytesPerRow + x * 3
                    for c in 0 ..< 3 { image.bytes[p + c] = UInt8(max(0, min(255, rgb[c]))) }
                }
            }
            let copy = AnalysisImage(frame: image, orientation: .up, longSide: 240)
            let strokes = SaliencyMap.greyStrokes(copy)
            let mean = strokes.reduce(0, +) / Float(strokes.count)
            #expect(mean < 0.01, "kind \(kind): \(mean)")
        }
    }
}
