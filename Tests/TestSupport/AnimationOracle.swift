import Foundation

/// Animated GIFs and WebPs made by Pillow and AVIF sequences made by avifenc from frames Pillow draws,
/// and Pillow's reading of animations: the independent side of the animation tests. Pillow composites
/// a GIF's frames (its disposal, offsets, palettes, transparency) and a WebP's (through libwebp's
/// WebPAnimDecoder) on the canvas, as browsers do. Debian's Pillow reads no AVIF, so an AVIF
/// sequence's frames come from avifdec (`--index`, each frame to PNG) and its durations from
/// `avifdec --info`: Debian's libavif 0.11 with dav1d, the decoder aspectfit uses too, so for AVIF
/// this side checks how aspectfit drives libavif (frame order, timing, alpha, conversion), not
/// libavif itself.
public enum AnimationOracle {
    /// What Pillow reads from an animation.
    public struct Reading: Sendable {
        public var width: Int
        public var height: Int
        /// Each frame composited on the canvas, as RGBA rows.
        public var frames: [[UInt8]]
        /// Each frame's delay as stored, in milliseconds.
        public var durations: [Int]
        /// The loop count; nil when a GIF has no loop extension, and for AVIF (avifdec reports none).
        public var loop: Int?
    }

    /// One generated animation: its file name and what it exercises.
    public struct Case: Sendable, CustomStringConvertible {
        public var name: String
        public var description: String { name }
    }

    /// A GIF frame delay as browsers play it: 10 ms or less shows for 100 ms.
    public static func browserDelay(gifMilliseconds ms: Int) -> Int { ms <= 10 ? 100 : ms }

    /// Writes the generated animations into `folder` and returns their names: GIFs of every disposal
    /// (0 to 3) with and without a transparent index, interlaced or not, frames cropped by Pillow to
    /// the rectangle that changed (offsets), a palette per frame, delays of 0, 10, 20 and 70 ms and
    /// loop counts none, 0 and 3; WebPs lossless and lossy, with and without alpha, that Pillow's
    /// encoder writes with frame rectangles, blending and disposal; AVIF sequences (`.avifs`) opaque
    /// and with a translucent alpha track, 4:2:0 and 4:4:4, even and odd sizes, delays of 10 to 120 ms.
    public static func generate(in folder: URL) throws -> [String] {
        let script = #"""
            import sys, os
            from PIL import Image, ImageDraw
            out = sys.argv[1]
            def frames(n, w, h, alpha, translucent=False):
                result = []
                for i in range(n):
                    im = Image.new('RGBA', (w, h), (0, 0, 0, 0) if alpha else (30, 60, 90, 255))
                    d = ImageDraw.Draw(im)
                    if alpha:
                        d.rectangle((2, 2, w - 10, h // 2), fill=(200, 40, 40, 255))
                        if translucent:
                            d.rectangle((4, h // 2 + 2, w - 4 - i * 3, h - 3), fill=(40, 90, 200, 64 + i * 40))
                    else:
                        for y in range(h):
                            d.line((0, y, w, y), fill=(30 + y * 3, 60, 90 + y, 255))
                    x = 4 + i * 7
                    d.ellipse((x, 10 + i * 3, x + 14, 24 + i * 3), fill=(250, 220 - i * 40, 30 + i * 50, 255))
                    d.rectangle((w - 8 - i * 2, h - 12, w - 2, h - 2), fill=(20 * i, 250, 20, 255))
                    result.append(im if alpha else im.convert('RGB'))
                return result
            names = []
            loops = [None, 0, 3]
            k = 0
            for disposal in (0, 1, 2, 3):
                for alpha in (False, True):
                    if disposal == 2 and not alpha:
                        continue   # Pillow clears to the background colour there, browsers to transparent
                    for interlace in (False, True):
                        f = frames(4, 56, 44, alpha)
                        name = 'gif-d%d-%s-%s.gif' % (disposal, 'alpha' if alpha else 'opaque', 'interlaced' if interlace else 'plain')
                        # a first frame restored to "previous" is kept by Pillow, cleared by browsers: it leaves it in place
                        args = dict(save_all=True, append_images=f[1:], duration=[0, 10, 20, 70],
                                    disposal=[1 if disposal == 3 else disposal] + [disposal] * 3,
                                    interlace=interlace, optimize=False)
                        loop = loops[k % 3]
                        k += 1
                        if loop is not None:
                            args['loop'] = loop
                        f[0].save(os.path.join(out, name), **args)
                        names.append(name)
            for alpha in (False, True):
                for lossless in (True, False):
                    f = frames(5, 60, 40, alpha)
                    name = 'webp-%s-%s.webp' % ('alpha' if alpha else 'opaque', 'lossless' if lossless else 'lossy')
                    f[0].save(os.path.join(out, name), save_all=True, append_images=f[1:], duration=[40, 10, 120, 0, 60],
                              loop=2 if alpha else 0, lossless=lossless, quality=80)
                    names.append(name)
            # an AVIF sequence's frames as files for avifenc: name, chroma, then duration:file per frame. With
            # alpha, PNG; opaque, Y4M (full-range BT.601 YCbCr), as avifenc writes an alpha track for any PNG
            def y4m(im, path, yuv):
                w, h = im.size
                planes = im.convert('YCbCr').split()
                if yuv == '420':
                    planes = [planes[0]] + [p.resize(((w + 1) // 2, (h + 1) // 2), Image.BOX) for p in planes[1:]]
                with open(path, 'wb') as f:
                    f.write(b'YUV4MPEG2 W%d H%d F25:1 Ip A1:1 C%s XCOLORRANGE=FULL\nFRAME\n' % (w, h, b'420jpeg' if yuv == '420' else b'444'))
                    for p in planes:
                        f.write(p.tobytes())
            kinds = ((False, '420', 60, 40), (False, '444', 57, 43), (True, '420', 57, 43), (True, '444', 60, 40))
            for k, (alpha, yuv, w, h) in enumerate(kinds):
                name = 'avifs-%s-%s-%dx%d.avifs' % ('alpha' if alpha else 'opaque', yuv, w, h)
                durations = [40, 10, 120, 20, 60][k:] + [40, 10, 120, 20, 60][:k]
                specs = []
                for i, im in enumerate(frames(5, w, h, alpha, translucent=True)):
                    frame = os.path.join(out, '%s.%d.%s' % (name, i, 'png' if alpha else 'y4m'))
                    if alpha:
                        im.save(frame)
                    else:
                        y4m(im, frame, yuv)
                    specs.append('%d:%s' % (durations[i], frame))
                names.append('\t'.join([name, yuv] + specs))
            print('\n'.join(names))
            """#
        let result = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script, folder.path])
        guard result.status == 0 else { throw Failure(message: "Pillow could not write the animations: \(result.stderr)") }
        return try String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count > 2 else { return fields[0] }
            // near-lossless (quantizer 4), so what is compared is the fit rather than the codec
            let frames = fields.dropFirst(2).map { $0.split(separator: ":", maxSplits: 1).map(String.init) }
            let arguments = ["--timescale", "1000", "-y", fields[1], "--cicp", "1/13/6", "-s", "8", "--min", "4", "--max", "4",
                             "--minalpha", "4", "--maxalpha", "4"] + frames.flatMap { ["--duration", $0[0], $0[1]] } + [folder.appendingPathComponent(fields[0]).path]
            let made = try ExternalTool.run(try ExternalTool.path("avifenc"), arguments)
            guard made.status == 0 else { throw Failure(message: "avifenc could not write \(fields[0]): \(made.stderr)") }
            for frame in frames { try FileManager.default.removeItem(atPath: frame[1]) }
            return fields[0]
        }
    }

    /// How Pillow is to read `file`: opened by itself, or (an AVIF, which Debian's Pillow does not read)
    /// as the PNG frames avifdec decodes into `folder`, with the durations `avifdec --info` gives in
    /// milliseconds; as JSON.
    static func source(_ file: URL, frameFolder folder: URL) throws -> String {
        let spec = try source(file, folder)
        return String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
    }

    private static func source(_ file: URL, _ folder: URL) throws -> [String: Any] {
        guard ["avif", "avifs"].contains(file.pathExtension) else { return ["path": file.path] }
        let avifdec = try ExternalTool.path("avifdec")
        let info = try ExternalTool.run(avifdec, ["--info", file.path])
        guard info.status == 0 else { throw Failure(message: "avifdec could not read \(file.lastPathComponent): \(info.stderr)") }
        let lines = String(decoding: info.stdout, as: UTF8.self).split(separator: "\n")
        // " * 1000 timescales per second, ..." and per frame "[duration 0.04 (40 timescales)]"
        let number = { (text: Substring, before: String) -> Int? in
            guard let end = text.range(of: before) else { return nil }
            return Int(text[..<end.lowerBound].split(whereSeparator: { !$0.isNumber }).last ?? "")
        }
        let timescale = lines.lazy.compactMap { number($0, " timescales per second") }.first ?? 1
        let ticks = lines.filter { $0.contains("Decoded frame [") }.compactMap { line in
            line.range(of: "[duration ").flatMap { number(line[$0.upperBound...], " timescales)") }
        }
        let durations = ticks.isEmpty ? [0] : ticks.map { ($0 * 1000 + timescale / 2) / timescale }
        let prefix = UUID().uuidString
        let frames = try durations.indices.map { index in
            let png = folder.appendingPathComponent("\(prefix).\(index).png").path
            let decoded = try ExternalTool.run(avifdec, ["--index", String(index), file.path, png])
            guard decoded.status == 0 else { throw Failure(message: "avifdec: frame \(index) of \(file.lastPathComponent): \(decoded.stderr)") }
            return png
        }
        return ["frames": frames, "durations": durations]
    }

    /// A folder for avifdec's frames, removed by `body`'s end.
    static func withFrameFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("avifdec-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// The Python that opens a `source` description: `frames(spec)` yields each frame loaded and
    /// its duration; `loop(spec)` the loop count Pillow reads (None for AVIF).
    static let sourceReader = #"""
        import json
        from PIL import Image
        def frames(spec):
            if 'frames' in spec:
                for png, duration in zip(spec['frames'], spec['durations']):
                    im = Image.open(png)
                    im.load()
                    yield im, duration
                return
            im = Image.open(spec['path'])
            for i in range(getattr(im, 'n_frames', 1)):
                im.seek(i)
                im.load()
                yield im, im.info.get('duration', 0)
        def loop(spec):
            return None if 'frames' in spec else Image.open(spec['path']).info.get('loop')
        """#

    /// Pillow's reading of each file: every frame seeked (an AVIF's: avifdec's PNG), loaded and converted to RGBA.
    public static func read(_ files: [URL]) throws -> [Reading] {
        let script = sourceReader + "\n" + #"""
            import sys
            for path, spec in zip(sys.argv[1::2], sys.argv[2::2]):
                spec = json.loads(spec)
                durations, size = [], None
                with open(path + '.rgba', 'wb') as out:
                    for im, duration in frames(spec):
                        size = im.size
                        durations.append(duration)
                        out.write(im.convert('RGBA').tobytes())
                print(json.dumps({'width': size[0], 'height': size[1], 'frames': len(durations),
                                  'durations': durations, 'loop': loop(spec)}))
            """#
        let result = try withFrameFolder { folder in
            let sources = try files.flatMap { [$0.path, try source($0, frameFolder: folder)] }
            return try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script] + sources)
        }
        guard result.status == 0 else { throw Failure(message: "Pillow could not read the animations: \(result.stderr)") }
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        return try zip(files, lines).map { file, line in
            guard let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let width = json["width"] as? Int, let height = json["height"] as? Int, let count = json["frames"] as? Int,
                  let durations = json["durations"] as? [Int] else { throw Failure(message: "Pillow said \(line)") }
            let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path + ".rgba")))
            let size = width * height * 4
            guard raw.count == size * count else { throw Failure(message: "\(file.lastPathComponent): \(raw.count) bytes of frames") }
            return Reading(width: width, height: height, frames: (0 ..< count).map { Array(raw[$0 * size ..< ($0 + 1) * size]) },
                           durations: durations, loop: json["loop"] as? Int)
        }
    }

    /// Per-frame PSNR (dB) of `output` against Pillow's frames of `input` cropped to `crop` (x, y,
    /// width, height in source pixels) and resized by Pillow's Lanczos (premultiplied alpha) to the
    /// output's size, both composited over mid-grey; with the output's frame count, delays and loop
    /// (an AVIF's frames and delays as avifdec reads them).
    public static func compareFitted(input: URL, output: URL, crop: [Double]) throws -> (psnr: [Double], durations: [Int], loop: Int?) {
        let script = sourceReader + "\n" + #"""
            import sys, math
            src, dst = json.loads(sys.argv[1]), json.loads(sys.argv[2])
            x, y, w, h = (float(v) for v in sys.argv[3:7])
            grey = lambda im: Image.alpha_composite(Image.new('RGBA', im.size, (128, 128, 128, 255)), im).convert('RGB')
            sources = [im.convert('RGBA') for im, _ in frames(src)]
            psnr, durations = [], []
            for i, (im, duration) in enumerate(frames(dst)):
                durations.append(duration)
                want = sources[min(i, len(sources) - 1)].resize(im.size, Image.LANCZOS, box=(x, y, x + w, y + h))
                a, b = grey(want).tobytes(), grey(im.convert('RGBA')).tobytes()
                mse = sum((p - q) ** 2 for p, q in zip(a, b)) / len(a)
                psnr.append(99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
            print(json.dumps({'psnr': psnr, 'durations': durations, 'loop': loop(dst)}))
            """#
        let result = try withFrameFolder { folder in
            let specs = try [input, output].map { try source($0, frameFolder: folder) }
            return try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script] + specs + crop.map { String($0) })
        }
        guard result.status == 0,
              let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any],
              let psnr = json["psnr"] as? [Double], let durations = json["durations"] as? [Int] else {
            throw Failure(message: "Pillow could not compare \(output.lastPathComponent): \(result.stderr)")
        }
        return (psnr, durations, json["loop"] as? Int)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
