/// Where a window of known size goes, given the subjects found: it stays centred unless the
/// evidence says clearly that the centre loses the subject, and then it moves only as far as it
/// must to keep the whole subject (faces first) rather than to hold the most saliency.
struct SubjectWindow {
    /// The faces (surest first) and the salient region, fractions of the upright image.
    let subjects: [Subject]
    let saliency: SaliencyMap

    /// The centred window already keeps this share of the subject along the free axis: stay.
    static let centreKeeps = 0.9
    /// A salient region (not a face) moves the window only when the moved window holds this many
    /// times the saliency the centred one holds (measured on the open part of Tests/SmartCropSet/evidence.tsv).
    static let margin = 1.1
    /// A face box (brow to chin) grown to the head: hair above, ears at the sides, the chin's shadow below.
    static let head = (side: 0.15, top: 0.4, bottom: 0.15)

    /// The top-left corner, as fractions of the image, of a `width` x `height` window (fractions).
    func place(width: Double, height: Double) -> (x: Double, y: Double) {
        let centred = (x: (1 - width) / 2, y: (1 - height) / 2)
        let horizontal = width < 1 - 1e-9
        guard horizontal || height < 1 - 1e-9 else { return centred }
        let length = horizontal ? width : height
        let start = horizontal ? centred.x : centred.y
        func span(_ s: Subject, grown: Bool) -> (lo: Double, hi: Double) {
            guard grown else { return horizontal ? (s.x, s.maxX) : (s.y, s.maxY) }
            return horizontal ? (s.x - Self.head.side * s.width, s.maxX + Self.head.side * s.width)
                : (s.y - Self.head.top * s.height, s.maxY + Self.head.bottom * s.height)
        }
        let faces = subjects.filter { $0.kind == .face }
        var target: (lo: Double, hi: Double)
        if !faces.isEmpty {
            // as many faces as fit, surest first
            target = span(faces[0], grown: true)
            for face in faces.dropFirst() {
                let s = span(face, grown: true)
                let union = (lo: min(target.lo, s.lo), hi: max(target.hi, s.hi))
                if union.hi - union.lo <= length { target = union }
            }
        } else if let region = subjects.first(where: { $0.kind == .salient }) {
            target = span(region, grown: false)
        } else {
            return centred
        }
        target = (max(0, target.lo), min(1, target.hi))
        guard target.hi > target.lo else { return centred }
        let keptByCentre = (min(target.hi, start + length) - max(target.lo, start)) / (target.hi - target.lo)
        guard keptByCentre < Self.centreKeeps else { return centred }
        // the position nearest the centre that holds the whole target; when the target is larger,
        // centred on its saliency inside it
        var moved: Double
        if target.hi - target.lo <= length {
            moved = min(max(start, target.hi - length), target.lo)
        } else {
            moved = saliency.centroid(from: target.lo, to: target.hi, horizontal: horizontal) - length / 2
        }
        moved = min(max(0, moved), 1 - length)
        let corner = horizontal ? (x: moved, y: 0.0) : (x: 0.0, y: moved)
        if faces.isEmpty {
            let held = saliency.share(x0: corner.x, y0: corner.y, x1: corner.x + width, y1: corner.y + height)
            let heldCentred = saliency.share(x0: centred.x, y0: centred.y, x1: centred.x + width, y1: centred.y + height)
            guard held > 0, held >= Self.margin * heldCentred else { return centred }
        }
        return corner
    }
}
