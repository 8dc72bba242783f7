/// Finds the box a `Trim` keeps: the smallest rectangle holding every pixel that differs from the
/// border colour by more than the threshold.
struct TrimFinder {
    /// The decoded frame, as stored (not upright).
    var frame: PixelBuffer
    /// How the stored frame turns upright.
    var orientation: Orientation
    var threshold: Int

    /// The kept box in upright pixels; nil when every pixel is border (a uniform image). Each side
    /// is scanned inward from the edge, so the cost is the border's area, not the image's.
    func box() -> PixelRect? {
        let (w, h) = (frame.width, frame.height)
        let corner = orientation.stored(x: 0.5, y: 0.5, storedWidth: Double(w), storedHeight: Double(h))
        let reference = Array(frame[Int(corner.x), Int(corner.y)])
        let channels = frame.layout.channels
        let againstAlpha = frame.layout.hasAlpha && reference[channels - 1] == 0
        let (stride, threshold) = (frame.bytesPerRow, threshold)
        let stored: PixelRect? = frame.bytes.withUnsafeBufferPointer { pixels in
            let isContent = { (x: Int, y: Int) -> Bool in
                let start = y * stride + x * channels
                if againstAlpha { return Int(pixels[start + channels - 1]) > threshold }
                for c in 0 ..< channels where abs(Int(pixels[start + c]) - Int(reference[c])) > threshold { return true }
                return false
            }
            let rowHasContent = { (y: Int) in (0 ..< w).contains { isContent($0, y) } }
            guard let top = (0 ..< h).first(where: rowHasContent) else { return nil }
            let bottom = (top ..< h).reversed().first(where: rowHasContent)! + 1
            let columnHasContent = { (x: Int) in (top ..< bottom).contains { isContent(x, $0) } }
            let left = (0 ..< w).first(where: columnHasContent)!
            let right = (left ..< w).reversed().first(where: columnHasContent)! + 1
            return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        }
        guard let stored else { return nil }
        let upright = orientation.uprightBox(Box(x: Double(stored.x), y: Double(stored.y), width: Double(stored.width),
                                                 height: Double(stored.height)), storedWidth: w, storedHeight: h)
        return PixelRect(x: Int(upright.x), y: Int(upright.y), width: Int(upright.width), height: Int(upright.height))
    }
}
