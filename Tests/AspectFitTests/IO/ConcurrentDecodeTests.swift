import AspectFit
import Dispatch
import Testing
import TestSupport

/// Many files decode at once on several threads with the same results as one at a time
/// (the C layer keeps no global mutable state).
@Suite struct ConcurrentDecodeTests {
    static let files = [
        "jpeg/ljt-testorig.jpg", "jpeg/ljt-testimgp.jpg", "jpeg/ljt-testimgari.jpg", "jpeg/ycck-flower.jpg",
        "jpeg/restart-bicycles.jpg", "jpeg/progressive-nuke-tricky.jpg", "png-extra/interlaced-palette-trns-toucan.png",
        "png-extra/rgb16-monkey-iccp.png", "png-extra/gray-alpha-flower.png", "photos/harvesters-1165x859.jpg",
        "bad/truncated-sharp.jpg", "bad/badcrc-libpng.png", "pngsuite/basi6a16.png",
    ]

    /// Hash of the decoded pixels, or the error message: both must match across threads.
    static func outcome(_ data: [UInt8], scale: Int) -> String {
        do {
            let options = DecodeOptions(scaleDenominator: scale)
            let decoded = try ImageFile.decode(data, options: options)
            return "\(decoded.region) \(FNV1a.hash(decoded.pixels.bytes))"
        } catch {
            return error.description
        }
    }

    @Test func parallelDecodesEqualSerialOnes() throws {
        guard try Corpus.require() else { return }
        let inputs = try Self.files.map { try ImageFile.read(path: Corpus.path($0)) }
        // four rounds over all files; JPEGs alternate between full size and 1/2 DCT scaling
        let jobs = (0 ..< 4).flatMap { round in
            inputs.indices.map { ($0, Self.files[$0].hasSuffix(".jpg") && round % 2 == 1 ? 2 : 1) }
        }
        let serial = jobs.map { Self.outcome(inputs[$0.0], scale: $0.1) }
        nonisolated(unsafe) var parallel = [String](repeating: "", count: jobs.count)
        parallel.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let out = results
            DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
                let (file, scale) = jobs[i]
                out[i] = Self.outcome(inputs[file], scale: scale)
            }
        }
        #expect(parallel == serial)
        #expect(Set(serial).count > Self.files.count / 2)
    }
}
