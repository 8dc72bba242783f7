import AspectFit
import Dispatch
import Testing
import TestSupport

/// Decode-then-encode on many threads at once gives byte-identical files to a serial run
/// (libjpeg, libpng, libwebp, libavif, libheif and giflib state is per call; nothing global is shared).
@Suite struct ConcurrentCodecTests {
    static let files = [
        "jpeg/ljt-testorig.jpg", "jpeg/ljt-testimgp.jpg", "jpeg/ycck-flower.jpg", "png-extra/rgb16-monkey-iccp.png",
        "png-extra/interlaced-palette-trns-toucan.png", "pngsuite/basn0g04.png", "pngsuite/basi6a16.png",
        "webp/lossy-alpha-libwebp.webp", "webp/animated-alpha-sharp.webp", "avif/irot-imir-pillow.avif",
        "avif/alpha-444-pillow.avif", "heic/clap-451x461-icc-libheif.heic", "gif/animated-wuffs-red-blue.gif",
    ]

    /// The encoded bytes for one job: JPEG (plain or progressive 4:4:4) when there is no alpha, else PNG.
    static func encode(_ data: [UInt8], variant: Int) throws -> [UInt8] {
        let decoded = try ImageFile.decode(data, options: DecodeOptions(scaleDenominator: data[0] == 0xFF ? 1 << (variant % 3) : 1))
        let icc = try ImageFile.probe(data).iccProfile
        if decoded.pixels.layout.hasAlpha || variant % 2 == 1 {
            return try ImageEncoder.encodePNG(decoded.pixels, options: PNGEncodeOptions(compressionLevel: variant % 4 == 1 ? 1 : 3))
        }
        let options = JPEGEncodeOptions(quality: 80, progressive: variant % 4 == 2, chroma: variant % 4 == 2 ? .full444 : .subsampled420)
        return try ImageEncoder.encodeJPEG(decoded.pixels, options: options, iccProfile: icc)
    }

    @Test func parallelDecodeAndEncodeEqualSerial() throws {
        guard try Corpus.require() else { return }
        let inputs = try Self.files.map { try ImageFile.read(path: Corpus.path($0)) }
        let jobs = (0 ..< 4).flatMap { variant in inputs.indices.map { ($0, variant) } }
        let serial = try jobs.map { try Self.encode(inputs[$0.0], variant: $0.1) }
        nonisolated(unsafe) var parallel = [[UInt8]](repeating: [], count: jobs.count)
        parallel.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let out = results
            DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
                out[i] = (try? Self.encode(inputs[jobs[i].0], variant: jobs[i].1)) ?? []
            }
        }
        #expect(parallel == serial)
        #expect(Set(serial).count > Self.files.count * 2)   // the variants really differ
    }
}
