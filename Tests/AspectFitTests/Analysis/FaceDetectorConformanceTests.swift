import CFaceDetector
import Foundation
import Testing
import TestSupport

/// The face detector against dlib's own: `Tests/SmartCropSet/face-detections.tsv` lists what dlib's
/// object_detector, from the model dlib ships (unpacked from its compressed text, its filters split by
/// LAPACK), finds at its threshold - 1.5 in a grey copy of every smart-crop photo
/// (`scripts/generate/make-face-model.sh`). The same copy, made here from djpeg's decode, must give
/// the same boxes and the same scores: every filter bank, split and threshold of the stored model and
/// the detection and suppression around them. Both builds of the scan are held to it: the one for any
/// x86-64 and, on a CPU that has it, the AVX2 one.
@Suite struct FaceDetectorConformanceTests {
    /// The copy the oracle searched: luma (77 R + 150 G + 29 B + 128) >> 8, averaged (rounded) over
    /// f x f blocks, f = ceil(long side / 240), dropping the rows and columns that fill no block.
    static func grey(_ image: Djpeg.Image) -> (pixels: [UInt8], width: Int, height: Int) {
        let f = (max(image.width, image.height) + 239) / 240
        let width = image.width / f, height = image.height / f
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                var sum = 0
                for dy in 0 ..< f {
                    for dx in 0 ..< f {
                        let i = ((y * f + dy) * image.width + x * f + dx) * 3
                        sum += (77 * Int(image.pixels[i]) + 150 * Int(image.pixels[i + 1]) + 29 * Int(image.pixels[i + 2]) + 128) >> 8
                    }
                }
                pixels[y * width + x] = UInt8((sum + f * f / 2) / (f * f))
            }
        }
        return (pixels, width, height)
    }

    /// "left top right bottom confidence" of each detection, dlib's inclusive corners.
    static func detections(_ grey: (pixels: [UInt8], width: Int, height: Int), loops: cfd_loops) throws -> [[Double]] {
        var faces = [cfd_face](repeating: cfd_face(), count: 64)
        var message = [CChar](repeating: 0, count: 256)
        let count = grey.pixels.withUnsafeBufferPointer {
            cfd_detect_faces_using(loops, $0.baseAddress, Int32(grey.width), Int32(grey.height), Int32(grey.width), -1.5,
                             &faces, Int32(faces.count), &message, message.count)
        }
        try #require(count >= 0 && count <= faces.count, "\(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        return faces.prefix(Int(count)).map { f in
            [Double(f.x), Double(f.y), Double(f.x + f.width - 1), Double(f.y + f.height - 1), Double(f.score)]
        }
    }

    @Test func findsWhatDlibsOwnDetectorFinds() throws {
        let folder = Corpus.projectRoot.appendingPathComponent("Tests/SmartCropSet")
        let text = try String(contentsOf: folder.appendingPathComponent("face-detections.tsv"), encoding: .utf8)
        var expected: [String: [[Double]]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            expected[String(fields[0]), default: []].append(fields.dropFirst().map { Double($0)! })
        }
        let photos = try ["evidence", "heldout"].flatMap { part in
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(part).path)
                .filter { $0.hasSuffix(".jpg") }.map { "\(part)/\($0)" }
        }
        #expect(photos.count >= 70 && expected.values.map(\.count).reduce(0, +) >= 150)
        let builds = [CFD_LOOPS_ANY_X86_64] + (cfd_cpu_has_avx2() != 0 ? [CFD_LOOPS_AVX2] : [])
        for photo in photos {
            let decoded = try Djpeg.decode(path: folder.appendingPathComponent(photo).path)
            try #require(decoded.channels == 3, "\(photo): the oracle's copies are of colour photos")
            let grey = Self.grey(decoded)
            let wanted = expected[photo, default: []]
            for loops in builds {
                let found = try Self.detections(grey, loops: loops)
                #expect(found.count == wanted.count, "\(photo), loops \(loops.rawValue): \(found) against dlib's \(wanted)")
                for (f, w) in zip(found, wanted) {
                    #expect(Array(f.prefix(4)) == Array(w.prefix(4)) && abs(f[4] - w[4]) < 1e-6,
                            "\(photo), loops \(loops.rawValue): \(f) against dlib's \(w)")
                }
            }
        }
    }
}
