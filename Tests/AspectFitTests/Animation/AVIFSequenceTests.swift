@testable import AspectFit
import Foundation
import Testing
import TestSupport

/// AVIF sequences beyond their pixels (`AnimationDecodeTests` compares those): what the header says
/// (frames, durations, alpha, the plan it gets), the limits checked before any frame is decoded, a
/// frame that does not decode, the writer on its own, and the corpus' sequence with a dangling alpha
/// reference.
@Suite struct AVIFSequenceTests {
    /// The generated AVIF sequences, by name, with the oracle's reading of each.
    static func sequences() throws -> [(name: String, data: [UInt8], reading: AnimationOracle.Reading)] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("avifs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try AnimationOracle.generate(in: folder).filter { $0.hasSuffix(".avifs") }.map { folder.appendingPathComponent($0) }
        return try zip(files, AnimationOracle.read(files)).map { file, reading in
            (file.lastPathComponent, try [UInt8](Data(contentsOf: file)), reading)
        }
    }

    /// `data` with the coded colour samples of frames `from` on overwritten: the first track's `stsz`
    /// gives their sizes, and avifenc writes the colour samples last, at the end of the file.
    static func damaged(_ data: [UInt8], fromFrame from: Int) -> [UInt8] {
        let at = (0 ..< data.count - 4).first { Array(data[$0 ..< $0 + 4]) == Array("stsz".utf8) }!
        let number = { (i: Int) in data[i ..< i + 4].reduce(0) { $0 << 8 | Int($1) } }
        let sizes = (0 ..< number(at + 12)).map { number(at + 16 + 4 * $0) }
        var copy = data
        let damage = sizes[from...].reduce(0, +)
        for i in copy.count - damage ..< copy.count { copy[i] = 0xFF }
        return copy
    }

    static func frames(_ data: [UInt8], _ policy: DecodePolicy = DecodePolicy()) throws -> (count: Int, warnings: [String]) {
        try data.withUnsafeBytes { bytes in
            let decoder = try AnimationDecoder(data: bytes, policy: policy)
            var count = 0
            while try decoder.next(layout: .rgba8) != nil { count += 1 }
            return (count, decoder.warnings)
        }
    }

    @Test func theHeaderSaysFramesDurationsAlphaAndAnAnimatedPlan() throws {
        for (name, data, reading) in try Self.sequences() {
            let info = try ImageFile.probe(data)
            #expect(info.format == .avif && info.isAnimated && info.isReadableAnimation, "\(name)")
            #expect(info.frameCount == reading.frames.count && info.loopCount == 0, "\(name)")
            #expect(info.durationMilliseconds == reading.durations.reduce(0, +), "\(name): \(info.durationMilliseconds) ms")
            #expect(info.animationHasAlpha == name.contains("alpha"), "\(name)")
            let header = try data.withUnsafeBytes { bytes in
                let decoder = try AnimationDecoder(data: bytes, policy: DecodePolicy())
                return (alpha: decoder.hasAlpha, loop: decoder.loopCount)
            }
            #expect(header.alpha == name.contains("alpha") && header.loop == 0, "\(name): the frames' alpha")
            var options = FitOptions()
            #expect(try Pipeline(options: options).plan(data).animates, "\(name): -f auto keeps the sequence")
            options.frames = .first
            #expect(try Pipeline(options: options).plan(data).animates == false, "\(name): --frames first")
        }
    }

    /// The limits fail from the header: with every frame's data destroyed, a file within them opens
    /// and fails only at its first frame.
    @Test func theLimitsFailFromTheHeaderBeforeAnyFrameIsDecoded() throws {
        let (name, data, reading) = try Self.sequences().first { $0.name.hasPrefix("avifs-opaque") }!
        let (width, height, count) = (reading.width, reading.height, reading.frames.count)
        let destroyed = Self.damaged(data, fromFrame: 0)
        #expect { try Self.frames(destroyed) } throws: { "\($0)".contains("corrupt AVIF (decoding frame 0") }
        var policy = DecodePolicy()
        policy.maxFrames = count - 1
        #expect { try Self.frames(destroyed, policy) } throws: { "\($0)".contains("too many frames: \(count)") }
        policy.maxFrames = count
        #expect(try Self.frames(data, policy).count == count, "\(name)")
        policy = DecodePolicy()
        policy.maxAnimationPixels = width * height * count - 1
        #expect { try Self.frames(destroyed, policy) } throws: { "\($0)".contains("animation too large") }
        policy.maxAnimationPixels = width * height * count
        #expect(try Self.frames(data, policy).count == count)
        policy = DecodePolicy(maxPixels: width * height - 1)
        #expect { try Self.frames(destroyed, policy) } throws: {
            $0 as? ImageIOError == .tooLarge(width: width, height: height, limit: width * height - 1)
        }
    }

    @Test func aFrameThatDoesNotDecodeFailsOrEndsTheAnimationWithAWarning() throws {
        for (name, data, reading) in try Self.sequences() {
            let last = reading.frames.count - 1
            let broken = Self.damaged(data, fromFrame: last)
            #expect { try Self.frames(broken) } throws: { "\($0)".contains("corrupt AVIF (decoding frame \(last)") }
            let salvaged = try Self.frames(broken, DecodePolicy(failOnTruncation: false))
            #expect(salvaged.count == last, "\(name)")
            #expect(salvaged.warnings.contains { $0.contains("the animation ends after \(last) frames") }, "\(name): \(salvaged.warnings)")
        }
    }

    /// The writer on its own, read back by avifdec: every frame and its delay (0 ms stored as 1), the
    /// chroma asked for, and an alpha track only when the frames keep transparency.
    @Test func theWriterKeepsEveryFrameItsDelayTheChromaAndAlphaOnlyWhenAsked() throws {
        let (width, height, delays) = (33, 21, [40, 0, 120])
        for (alpha, chroma) in [(false, AVIFEncodeOptions.Chroma.subsampled420), (true, .full444)] {
            let frames = try delays.indices.map { i in
                var frame = try PixelBuffer(width: width, height: height, layout: .rgba8)
                for y in 0 ..< height {
                    for x in 0 ..< width {
                        let inSquare = x >= 4 + i * 8 && x < 14 + i * 8 && y >= 5 && y < 15
                        let at = (y * width + x) * 4
                        frame.bytes[at] = inSquare ? 240 : UInt8(x * 7)
                        frame.bytes[at + 1] = inSquare ? 200 : UInt8(y * 11)
                        frame.bytes[at + 2] = inSquare ? 30 : 120
                        frame.bytes[at + 3] = alpha && !inSquare ? UInt8(60 + x * 5) : 255
                    }
                }
                return frame
            }
            let encoder = try AnimationEncoder(format: .avif, width: width, height: height, loopCount: 0, hasAlpha: alpha,
                                               avif: AVIFEncodeOptions(quality: 90, chroma: chroma))
            for (frame, delay) in zip(frames, delays) { try encoder.add(frame, delay: delay) }
            let file = try encoder.finish()
            #expect(Array(file[4 ..< 12]) == Array("ftypavis".utf8))
            let info = try IndependentDecoder.avifInfo(file)
            #expect(info["Format"] == (chroma == .full444 ? "YUV444" : "YUV420"), "\(info)")
            #expect(info["Alpha"] == (alpha ? "Not premultiplied" : "Absent"), "\(info)")
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("written-\(UUID().uuidString).avifs")
            try Data(file).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let reading = try AnimationOracle.read([url])[0]
            #expect(reading.frames.count == 3 && reading.durations == [40, 1, 120], "\(reading.durations)")
            for (frame, read) in zip(frames, reading.frames) {
                let back = PixelBuffer(checkedWidth: width, height: height, layout: .rgba8, bytesPerRow: width * 4, bytes: read)
                // 4:2:0 blurs the square's colour edges; a frame out of place would be far lower
                #expect(IndependentDecoder.psnr(frame, back) > (chroma == .full444 ? 30 : 24), "\(IndependentDecoder.psnr(frame, back)) dB")
            }
        }
    }

    @Test func theCorpusSequenceWithADanglingAlphaReferenceIsRefused() throws {
        guard try Corpus.require() else { return }
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Corpus.path("avif/bad-sequence-alpha-ref-linku.avifs"))))
        #expect { try Self.frames(data) } throws: { "\($0)".contains("names a missing item") }
    }
}
