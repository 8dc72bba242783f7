import Testing
@testable import AspectFit

/// The window rule on subjects placed by hand: centred while the centre keeps the subject, moved
/// only as far as the whole (grown) face needs, faces before saliency, saliency only past the margin.
@Suite struct SubjectWindowTests {
    /// A map of an evenly grey picture: no saliency anywhere, so no salient move can pass the margin.
    static let flat: SaliencyMap = {
        var frame = PixelBuffer(blankWidth: 120, height: 80, layout: .rgb8)
        for i in frame.bytes.indices { frame.bytes[i] = 128 }
        return SaliencyMap(AnalysisImage(frame: frame, orientation: .up, longSide: 240))
    }()

    static func face(x: Double, y: Double, size: Double = 0.1) -> Subject {
        Subject(kind: .face, x: x, y: y, width: size, height: size, confidence: 1)
    }

    @Test func noSubjectStaysCentred() {
        let corner = SubjectWindow(subjects: [], saliency: Self.flat).place(width: 0.5, height: 1)
        #expect(corner.x == 0.25 && corner.y == 0)
    }

    @Test func faceTheCentreKeepsStaysCentred() {
        let corner = SubjectWindow(subjects: [Self.face(x: 0.45, y: 0.2)], saliency: Self.flat).place(width: 0.5, height: 1)
        #expect(corner.x == 0.25)
    }

    @Test func faceAtTheEdgeMovesTheWindowJustEnough() {
        // face 0.85...0.95, grown by 15% of its width each side: 0.835...0.965
        let corner = SubjectWindow(subjects: [Self.face(x: 0.85, y: 0.2)], saliency: Self.flat).place(width: 0.5, height: 1)
        #expect(abs(corner.x - 0.465) < 1e-9, "\(corner)")
        // vertically: face 0.05...0.15 grown to 0.01...0.165 (40% above, 15% below); the window goes to the top
        let top = SubjectWindow(subjects: [Self.face(x: 0.4, y: 0.05)], saliency: Self.flat).place(width: 1, height: 0.4)
        #expect(abs(top.y - 0.01) < 1e-9 && top.x == 0, "\(top)")
    }

    @Test func facesComeBeforeSaliencyAndAsManyAsFit() {
        let salient = Subject(kind: .salient, x: 0.0, y: 0.0, width: 0.2, height: 0.2, confidence: 0.9)
        let faces = [Self.face(x: 0.80, y: 0.3), Self.face(x: 0.62, y: 0.3), Self.face(x: 0.05, y: 0.3)]
        let corner = SubjectWindow(subjects: faces + [salient], saliency: Self.flat).place(width: 0.4, height: 1)
        // the first two fit together (0.605...0.915); the third does not
        #expect(abs(corner.x - 0.515) < 1e-9, "\(corner)")
    }

    @Test func salientRegionNeedsTheMargin() {
        let salient = Subject(kind: .salient, x: 0.85, y: 0.2, width: 0.1, height: 0.1, confidence: 0.5)
        let corner = SubjectWindow(subjects: [salient], saliency: Self.flat).place(width: 0.5, height: 1)
        #expect(corner.x == 0.25, "a map with no saliency is no evidence: \(corner)")
    }
}
