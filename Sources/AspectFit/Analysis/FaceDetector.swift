import CFaceDetector

/// Frontal faces in an analysis image, found by dlib's HOG detector (the CFaceDetector target).
enum FaceDetector {
    /// The long side the detector searches: its smallest face is 80 px, a third of this.
    static let longSide = 240

    /// The faces in `image`'s luma, surest first, as subjects in fractions of the image. A failure
    /// inside the detector (it can only run out of memory) finds no faces: the crop then rests on saliency.
    static func faces(in image: AnalysisImage) -> [Subject] {
        let w = image.width, h = image.height
        guard w >= Int(cfd_smallest_face()), h >= Int(cfd_smallest_face()) else { return [] }
        let grey = image.luma.map { UInt8(max(0, min(255, $0.rounded()))) }
        var found = [cfd_face](repeating: cfd_face(), count: 16)
        var message = [CChar](repeating: 0, count: 256)
        let count = grey.withUnsafeBufferPointer { pixels in
            cfd_detect_faces(pixels.baseAddress, Int32(w), Int32(h), Int32(w), 0, &found, Int32(found.count), &message, message.count)
        }
        guard count > 0 else { return [] }
        return found.prefix(Int(count)).map { f in
            let x0 = max(0, Double(f.x)), y0 = max(0, Double(f.y))
            let x1 = min(Double(w), Double(f.x + f.width)), y1 = min(Double(h), Double(f.y + f.height))
            return Subject(kind: .face, x: x0 / Double(w), y: y0 / Double(h), width: (x1 - x0) / Double(w),
                           height: (y1 - y0) / Double(h), confidence: Double(f.score))
        }
    }
}
