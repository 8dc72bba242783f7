import Testing
import TestSupport
@testable import AspectFit

/// Attention's evidence found on two threads (the face scan beside the saliency map) is the
/// evidence found on one, on photos with faces and without.
@Suite struct FrameEvidenceTests {
    @Test func twoThreadsFindWhatOneFinds() throws {
        let faces = try FaceDetectorTests.boxedFaces().map(\.path)
        let others = try AnnotatedSet.evidenceEntries().filter { $0.faces.isEmpty }.prefix(4).map(\.path)
        var withFaces = 0
        for path in faces + others {
            let frame = try ImageFile.decode(try ImageFile.read(path: path)).pixels
            let one = FrameEvidence(.attention, frame: frame, orientation: .up, threads: 1)
            let two = FrameEvidence(.attention, frame: frame, orientation: .up, threads: 2)
            #expect(one.faces == two.faces, "\(path)")
            #expect(one.saliency?.weights == two.saliency?.weights, "\(path)")
            if !two.faces.isEmpty { withFaces += 1 }
        }
        // The side thread's work is seen to come back: faces are found on several of the photos.
        #expect(withFaces >= 3, "faces found on \(withFaces) photos")
    }
}
