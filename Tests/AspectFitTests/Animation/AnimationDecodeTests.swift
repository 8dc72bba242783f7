@testable import AspectFit
import Foundation
import Testing
import TestSupport

/// Every frame of an animated GIF or WebP composited on its canvas, against Pillow's coalesced frames
/// of the same file, and of an AVIF sequence against avifdec's: generated animations of every
/// disposal, transparency, interlacing, offsets, delays and loop count, AVIF sequences of each chroma
/// format with and without alpha, and the corpus' animations.
@Suite struct AnimationDecodeTests {
    static let corpusAnimations = ["webp/animated-alpha-sharp.webp", "gif/animated-wuffs-red-blue.gif",
                                   "gif/animated-dispose-previous-libvips.gif", "gif/animated-loop3-sharp.gif",
                                   "avif/sequence-5frames-linku-star.avifs"]

    /// Our frames, delays and loop count for `file`.
    static func decode(_ file: URL, policy: DecodePolicy = DecodePolicy()) throws -> (frames: [PixelBuffer], delays: [Int], loop: Int?) {
        let data = try [UInt8](Data(contentsOf: file))
        return try data.withUnsafeBytes { bytes in
            let decoder = try AnimationDecoder(data: bytes, policy: policy)
            var frames: [PixelBuffer] = [], delays: [Int] = []
            while let next = try decoder.next(layout: .rgba8) {
                frames.append(next.frame)
                delays.append(next.delay)
            }
            #expect(frames.count == decoder.frameCount)
            return (frames, delays, decoder.loopCount)
        }
    }

    /// The largest difference of any sample between our frame and Pillow's, over the frames.
    static func check(_ file: URL, against reading: AnimationOracle.Reading, tolerance: Int = 0) throws {
        let ours = try decode(file)
        let name = file.lastPathComponent
        #expect(ours.frames.count == reading.frames.count, "\(name): frame count")
        // avifdec reports no loop count; libavif 0.11 reads no edit list and a sequence plays forever
        #expect(ours.loop == (file.pathExtension == "avifs" ? 0 : reading.loop), "\(name): loop count")
        let gif = file.pathExtension == "gif"
        #expect(ours.delays == reading.durations.map { gif ? AnimationOracle.browserDelay(gifMilliseconds: $0) : $0 }, "\(name): delays")
        for (n, (frame, want)) in zip(ours.frames, reading.frames).enumerated() {
            #expect(frame.width == reading.width && frame.height == reading.height, "\(name) frame \(n): size")
            guard frame.bytes.count == want.count else { continue }
            var worst = 0
            for i in stride(from: 0, to: want.count, by: 4) where !(want[i + 3] == 0 && frame.bytes[i + 3] == 0) {
                for c in 0 ..< 4 { worst = max(worst, abs(Int(frame.bytes[i + c]) - Int(want[i + c]))) }
            }
            #expect(worst <= tolerance, "\(name) frame \(n): a sample differs from Pillow's by \(worst)")
        }
    }

    @Test func generatedAnimationsDecodeAsPillowCompositesThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anim-decode-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try AnimationOracle.generate(in: folder)
        #expect(names.count >= 18 && names.filter { $0.hasSuffix(".avifs") }.count == 4)
        let files = names.map { folder.appendingPathComponent($0) }
        for (file, reading) in zip(files, try AnimationOracle.read(files)) { try Self.check(file, against: reading) }
    }

    @Test func corpusAnimationsDecodeAsPillowCompositesThem() throws {
        guard try Corpus.require() else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anim-corpus-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try Self.corpusAnimations.map { path in
            let copy = folder.appendingPathComponent((path as NSString).lastPathComponent)
            try FileManager.default.copyItem(atPath: Corpus.path(path), toPath: copy.path)
            return copy
        }
        for (file, reading) in zip(files, try AnimationOracle.read(files)) { try Self.check(file, against: reading) }
    }
}

/// The limits an animation is checked against before any frame is decoded, and a file cut short.
@Suite struct AnimationLimitTests {
    /// A 4-frame 56x44 GIF made by Pillow.
    static func gif() throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anim-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = try AnimationOracle.generate(in: folder)
        return try [UInt8](Data(contentsOf: folder.appendingPathComponent(names.first { $0.hasPrefix("gif-d1-opaque") }!)))
    }

    static func frames(_ data: [UInt8], _ policy: DecodePolicy) throws -> (count: Int, warnings: [String]) {
        try data.withUnsafeBytes { bytes in
            let decoder = try AnimationDecoder(data: bytes, policy: policy)
            var count = 0
            while try decoder.next(layout: .rgb8) != nil { count += 1 }
            return (count, decoder.warnings)
        }
    }

    @Test func framesPixelsAndCanvasOverTheLimitsFailBeforeDecoding() throws {
        let data = try Self.gif()
        var policy = DecodePolicy()
        #expect(try Self.frames(data, policy).count == 4)
        policy.maxFrames = 3
        #expect { try Self.frames(data, policy) } throws: { "\($0)".contains("too many frames: 4") }
        policy = DecodePolicy()
        policy.maxAnimationPixels = 56 * 44 * 4 - 1
        #expect { try Self.frames(data, policy) } throws: { "\($0)".contains("animation too large") }
        policy.maxAnimationPixels = 56 * 44 * 4
        #expect(try Self.frames(data, policy).count == 4)
        policy = DecodePolicy(maxPixels: 56 * 44 - 1)
        #expect { try Self.frames(data, policy) } throws: { $0 as? ImageIOError == .tooLarge(width: 56, height: 44, limit: 56 * 44 - 1) }
    }

    @Test func aGIFCutInsideAFrameEndsThereWithAWarningOrFails() throws {
        let data = try Self.gif()
        let cut = Array(data.dropLast(40))
        #expect { try Self.frames(cut, DecodePolicy()) } throws: { "\($0)".contains("truncated GIF") }
        let salvaged = try Self.frames(cut, DecodePolicy(failOnTruncation: false))
        #expect(salvaged.count == 4)
        #expect(salvaged.warnings.contains { $0.contains("the animation ends after 4 frames, the last partly drawn") })
    }
}
