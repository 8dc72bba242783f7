import Foundation
import Testing
import TestSupport

/// Animated GIFs and WebPs and AVIF sequences through the binary: written as animations with every
/// frame fitted by one plan, their delays and loop count kept, checked by Pillow's reading of the
/// output against its own coalesced input frames resized by its Lanczos; one frame as a still; the
/// limits; flat memory.
@Suite(.tags(.pipeline)) struct AnimationTests {
    static let corpus = ["webp/animated-alpha-sharp.webp", "gif/animated-wuffs-red-blue.gif",
                         "gif/animated-dispose-previous-libvips.gif", "gif/animated-loop3-sharp.gif",
                         "avif/sequence-5frames-linku-star.avifs"]

    /// The sandbox with Pillow's generated animations and the corpus' under in/.
    static func inputs() throws -> (Sandbox, [String]) {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.url("in"), withIntermediateDirectories: true)
        var names = try AnimationOracle.generate(in: sandbox.url("in"))
        if try Corpus.require() {
            for path in corpus {
                let name = "corpus-" + (path as NSString).lastPathComponent
                try sandbox.copy(path, to: "in/\(name)")
                names.append(name)
            }
        }
        return (sandbox, names)
    }

    /// The delays Pillow reads from an output of `input` (as Pillow reads it): GIF delays as browsers
    /// play them, in GIF's centiseconds when written as GIF, 1 ms for 0 in AVIF (libavif writes no
    /// zero duration).
    static func expectedDelays(_ durations: [Int], input: String, output: String) -> [Int] {
        durations.map { ms in
            let played = input.hasSuffix(".gif") ? AnimationOracle.browserDelay(gifMilliseconds: ms) : ms
            if output.hasSuffix(".avif") || output.hasSuffix(".avifs") { return max(played, 1) }
            return output.hasSuffix(".gif") ? (played + 5) / 10 * 10 : played
        }
    }

    @Test(arguments: ["auto", "gif", "webp", "avif"])
    func everyFrameIsFittedWithItsDelayAndTheLoopCount(format: String) throws {
        let (sandbox, names) = try Self.inputs()
        // lossless WebP and fine 4:4:4 AVIF, so the comparison measures the fit (GIF's 256 colours a frame,
        // and its one transparent index for translucent AVIF frames, still count)
        let result = try sandbox.run(["--json", "-s", "40x32", "-f", format, "--webp-lossless", "--avif-quality", "90",
                                      "--chroma444", "-o", "out/", "in"])
        #expect(result.status == 0, "\(result.stderr)")
        let readings = try AnimationOracle.read(names.map { sandbox.url("in/\($0)") })
        for (name, reading) in zip(names, readings) {
            guard let record = result.jsonLines.first(where: { ($0["input"] as? String) == "in/\(name)" }),
                  let output = record["output"] as? String, let crop = record["crop"] as? [String: Double] else {
                Issue.record("\(name): no record")
                continue
            }
            // an output in the input's format keeps its extension (.avifs)
            let ext = (name as NSString).pathExtension
            let written = format == "auto" || (format == "avif" && ext == "avifs") ? ext : format
            #expect(output.hasSuffix("." + written), "\(name) -> \(output)")
            #expect(record["frames"] as? Int == reading.frames.count, "\(name): frames")
            let compared = try AnimationOracle.compareFitted(input: sandbox.url("in/\(name)"), output: sandbox.url(output),
                                                             crop: [crop["x"]!, crop["y"]!, crop["width"]!, crop["height"]!])
            #expect(compared.psnr.count == reading.frames.count, "\(name): \(compared.psnr.count) frames written")
            #expect(compared.durations == Self.expectedDelays(reading.durations, input: name, output: output), "\(name): delays")
            // the oracle reads no loop count from AVIF; a sequence plays forever, and is written without an edit list
            let avif = output.hasSuffix(".avif") || output.hasSuffix(".avifs")
            let sourceLoop = name.hasSuffix(".avifs") ? 0 : reading.loop
            #expect(compared.loop == (avif ? nil : sourceLoop ?? (output.hasSuffix(".webp") ? 1 : nil)), "\(name): loop")
            let warnings = record["warnings"] as? [String] ?? []
            #expect(warnings.contains { $0.hasPrefix("loop count dropped") } == (avif && sourceLoop != 0), "\(name): \(warnings)")
            let floor = output.hasSuffix(".gif") ? (name.hasPrefix("avifs-alpha") ? 22.0 : 26.0) : avif ? 30.0 : 36.0
            #expect(compared.psnr.allSatisfy { $0 > floor }, "\(name) -> \(output): PSNR \(compared.psnr)")
        }
    }

    /// A smart crop picks one window for the whole animation: every frame matches Pillow's frame cut
    /// at the window the report gives, though the subject moves.
    @Test func aSmartCropKeepsOneWindowForEveryFrame() throws {
        let (sandbox, names) = try Self.inputs()
        let name = names.first { $0.hasPrefix("webp-opaque-lossless") }!
        let result = try sandbox.run(["--json", "-r", "1:1", "-w", "20", "-g", "entropy", "--webp-lossless", "-o", "smart.webp", "in/\(name)"])
        #expect(result.status == 0, "\(result.stderr)")
        let crop = result.jsonLines.first?["crop"] as? [String: Double] ?? [:]
        let compared = try AnimationOracle.compareFitted(input: sandbox.url("in/\(name)"), output: sandbox.url("smart.webp"),
                                                         crop: [crop["x"] ?? 0, crop["y"] ?? 0, crop["width"] ?? 0, crop["height"] ?? 0])
        #expect(compared.psnr.count == 5 && compared.psnr.allSatisfy { $0 > 36 }, "PSNR \(compared.psnr)")
    }

    @Test func oneFrameIsWrittenAsAStillAsItShows() throws {
        let (sandbox, names) = try Self.inputs()
        let name = names.first { $0.hasPrefix("gif-d3-alpha") }!
        let result = try sandbox.run(["--json", "-s", "40x32", "--frame", "2", "-o", "frame.png", "in/\(name)"])
        #expect(result.status == 0, "\(result.stderr)")
        let crop = result.jsonLines.first?["crop"] as? [String: Double] ?? [:]
        #expect(result.jsonLines.first?["frames"] as? Int == 1)
        // Pillow's third coalesced frame, resized: compared with the still as the first of its frames
        let script = "from PIL import Image; im = Image.open('\(sandbox.url("in/\(name)").path)'); im.seek(2); "
            + "im.convert('RGBA').save('\(sandbox.url("third.png").path)')"
        #expect(try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script]).status == 0)
        let compared = try AnimationOracle.compareFitted(input: sandbox.url("third.png"), output: sandbox.url("frame.png"),
                                                         crop: [crop["x"] ?? 0, crop["y"] ?? 0, crop["width"] ?? 0, crop["height"] ?? 0])
        #expect(compared.psnr.count == 1 && compared.psnr[0] > 40, "PSNR \(compared.psnr)")
        let first = try sandbox.run(["--json", "-s", "40x32", "--frames", "first", "-o", "first/", "in/\(name)"])
        #expect(first.jsonLines.first?["output"] as? String == "first/\((name as NSString).deletingPathExtension).png")
        let missing = try sandbox.run(["--json", "--frame", "9", "-o", "nine.png", "in/\(name)"])
        #expect(missing.status != 0 && missing.stdoutText.contains("there is no frame 9"), "\(missing.stdoutText)")
    }

    /// `--frame N` of an AVIF sequence is that frame as a still; `-f avif` with `--frames first` writes a
    /// still AVIF of an animation's first frame.
    @Test func anAVIFSequenceFrameAndAFirstFrameAsAVIFAreStills() throws {
        let (sandbox, names) = try Self.inputs()
        let sequence = names.first { $0.hasPrefix("avifs-alpha-444") }!
        let frame = try sandbox.run(["--json", "-s", "40x32", "--frame", "3", "-o", "frame.png", "in/\(sequence)"])
        #expect(frame.status == 0 && frame.jsonLines.first?["frames"] as? Int == 1, "\(frame.stderr)")
        let decoded = try ExternalTool.run(try ExternalTool.path("avifdec"),
                                           ["--index", "3", sandbox.url("in/\(sequence)").path, sandbox.url("fourth.png").path])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        var crop = frame.jsonLines.first?["crop"] as? [String: Double] ?? [:]
        let fourth = try AnimationOracle.compareFitted(input: sandbox.url("fourth.png"), output: sandbox.url("frame.png"),
                                                       crop: [crop["x"] ?? 0, crop["y"] ?? 0, crop["width"] ?? 0, crop["height"] ?? 0])
        #expect(fourth.psnr.count == 1 && fourth.psnr[0] > 40, "PSNR \(fourth.psnr)")
        let gif = names.first { $0.hasPrefix("gif-d1-opaque") }!
        let first = try sandbox.run(["--json", "-s", "40x32", "-f", "avif", "--frames", "first", "--avif-quality", "90",
                                     "--chroma444", "-o", "first.avif", "in/\(gif)"])
        #expect(first.status == 0 && first.jsonLines.first?["frames"] as? Int == 1, "\(first.stderr)")
        crop = first.jsonLines.first?["crop"] as? [String: Double] ?? [:]
        let still = try AnimationOracle.compareFitted(input: sandbox.url("in/\(gif)"), output: sandbox.url("first.avif"),
                                                      crop: [crop["x"] ?? 0, crop["y"] ?? 0, crop["width"] ?? 0, crop["height"] ?? 0])
        #expect(still.psnr.count == 1 && still.psnr[0] > 30, "PSNR \(still.psnr)")
    }

    @Test func framesAndTheirPixelsOverTheLimitsAreRefusedFromTheHeader() throws {
        let (sandbox, names) = try Self.inputs()
        let name = names.first { $0.hasPrefix("gif-d1-opaque") }!
        let frames = try sandbox.run(["--json", "--max-frames", "3", "-o", "a.gif", "in/\(name)"])
        #expect(frames.status != 0 && frames.stdoutText.contains("too many frames: 4"), "\(frames.stdoutText)")
        let pixels = try sandbox.run(["--json", "--max-animation-pixels", "9000", "-o", "b.gif", "in/\(name)"])
        #expect(pixels.status != 0 && pixels.stdoutText.contains("animation too large"), "\(pixels.stdoutText)")
        #expect(!sandbox.exists("a.gif") && !sandbox.exists("b.gif"))
    }

    /// An animation written as an AVIF sequence stays under the memory estimate at libaom's real-time
    /// speed and at a good-quality one, whose look-ahead holds many whole frames.
    @Test(arguments: ["8", "6"])
    func theMemoryEstimateHoldsAnAVIFSequence(speed: String) throws {
        let sandbox = try Sandbox()
        let script = """
            import sys
            from PIL import Image, ImageDraw
            frames = []
            for i in range(8):
                im = Image.new('RGB', (640, 480), (30, 60, 90))
                ImageDraw.Draw(im).ellipse((i * 50, 100, i * 50 + 200, 300), fill=(250, 200, 30))
                frames.append(im)
            frames[0].save(sys.argv[1] + '/eight.gif', save_all=True, append_images=frames[1:], duration=50, loop=0)
            """
        #expect(try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script, sandbox.root.path]).status == 0)
        let arguments = ["-f", "avif", "--avif-speed", speed, "-o", "out.avif", "eight.gif"]
        let planned = try sandbox.run(["--dry-run", "--json"] + arguments)
        let estimate = try #require(planned.jsonLines.compactMap { $0["memory"] as? Int }.first, "\(planned.stdoutText)")
        let fit = try ProcessPeaks.run(arguments, in: sandbox.root)
        #expect(fit.status == 0)
        // The estimate is the fit's: the binary's own resident pages (its libraries) are not in it.
        let idle = try ProcessPeaks.run(["--version"], in: sandbox.root)
        let used = (fit.kilobytes - idle.kilobytes) * 1024
        #expect(used <= estimate, "peak \(fit.kilobytes) KiB less \(idle.kilobytes) KiB idle, estimated \(estimate / 1024) KiB")
    }

    /// A thousand 200x200 frames (40 million pixels decoded) take no more memory than ten: the frames
    /// are decoded, fitted and encoded one at a time.
    @Test func memoryStaysFlatOverAThousandFrames() throws {
        let sandbox = try Sandbox()
        let script = """
            import sys
            from PIL import Image, ImageDraw
            for count, name in ((10, 'ten.gif'), (1000, 'thousand.gif')):
                frames = []
                for i in range(count):
                    im = Image.new('P', (200, 200), 0)
                    im.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0] + [0] * 759)
                    ImageDraw.Draw(im).rectangle((i % 190, 20, i % 190 + 9, 29), fill=1 + i % 2)
                    frames.append(im)
                frames[0].save(sys.argv[1] + '/' + name, save_all=True, append_images=frames[1:], duration=20, loop=0)
            """
        #expect(try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script, sandbox.root.path]).status == 0)
        let ten = try ProcessPeaks.run(["-s", "100x100", "-o", "ten-out.gif", "ten.gif"], in: sandbox.root)
        let thousand = try ProcessPeaks.run(["-s", "100x100", "-o", "thousand-out.gif", "thousand.gif"], in: sandbox.root)
        #expect(ten.status == 0 && thousand.status == 0)
        // holding the frames would take 160 MB (200 x 200 x 4 bytes each)
        #expect(thousand.kilobytes - ten.kilobytes < 16_000, "peak \(ten.kilobytes) KiB for 10 frames, \(thousand.kilobytes) KiB for 1000")
    }
}
