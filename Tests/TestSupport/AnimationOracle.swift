import Foundation

/// Animated GIFs and WebPs made by Pillow, and Pillow's reading of animations: the independent side of
/// the animation tests. Pillow composites a GIF's frames (its disposal, offsets, palettes,
/// transparency) and a WebP's (through libwebp's WebPAnimDecoder) on the canvas, as browsers do.
public enum AnimationOracle {
    /// What Pillow reads from an animation.
    public struct Reading: Sendable {
        public var width: Int
        public var height: Int
        /// Each frame composited on the canvas, as RGBA rows.
        public var frames: [[UInt8]]
        /// Each frame's delay as stored, in milliseconds.
        public var durations: [Int]
        /// The loop count; nil when a GIF has no loop extension.
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
    /// encoder writes with frame rectangles, blending and disposal.
    public static func generate(in folder: URL) throws -> [String] {
        let script = #"""
            import sys, os
            from PIL import Image, ImageDraw
            out = sys.argv[1]
            def frames(n, w, h, alpha):
                result = []
                for i in range(n):
                    im = Image.new('RGBA', (w, h), (0, 0, 0, 0) if alpha else (30, 60, 90, 255))
                    d = ImageDraw.Draw(im)
                    if alpha:
                        d.rectangle((2, 2, w - 10, h // 2), fill=(200, 40, 40, 255))
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
            print('\n'.join(names))
            """#
        let result = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script, folder.path])
        guard result.status == 0 else { throw Failure(message: "Pillow could not write the animations: \(result.stderr)") }
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Pillow's reading of each file: every frame seeked, loaded and converted to RGBA.
    public static func read(_ files: [URL]) throws -> [Reading] {
        let script = #"""
            import sys, json
            from PIL import Image
            for path in sys.argv[1:]:
                im = Image.open(path)
                loop = im.info.get('loop')
                durations = []
                with open(path + '.rgba', 'wb') as out:
                    for i in range(im.n_frames):
                        im.seek(i)
                        im.load()
                        durations.append(im.info.get('duration', 0))
                        out.write(im.convert('RGBA').tobytes())
                print(json.dumps({'width': im.size[0], 'height': im.size[1], 'frames': im.n_frames,
                                  'durations': durations, 'loop': loop}))
            """#
        let result = try ExternalTool.run(try ExternalTool.path("python3"), ["-c", script] + files.map(\.path))
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
    /// output's size, both composited over mid-grey; with the output's frame count, delays and loop.
    public static func compareFitted(input: URL, output: URL, crop: [Double]) throws -> (psnr: [Double], durations: [Int], loop: Int?) {
        let script = #"""
            import sys, json, math
            from PIL import Image
            src, dst = Image.open(sys.argv[1]), Image.open(sys.argv[2])
            x, y, w, h = (float(v) for v in sys.argv[3:7])
            loop = dst.info.get('loop')
            grey = lambda im: Image.alpha_composite(Image.new('RGBA', im.size, (128, 128, 128, 255)), im).convert('RGB')
            psnr, durations = [], []
            for i in range(dst.n_frames):
                dst.seek(i)
                dst.load()
                durations.append(dst.info.get('duration', 0))
                src.seek(min(i, src.n_frames - 1))
                src.load()
                want = src.convert('RGBA').resize(dst.size, Image.LANCZOS, box=(x, y, x + w, y + h))
                a, b = grey(want).tobytes(), grey(dst.convert('RGBA')).tobytes()
                mse = sum((p - q) ** 2 for p, q in zip(a, b)) / len(a)
                psnr.append(99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
            print(json.dumps({'psnr': psnr, 'durations': durations, 'loop': loop, 'source_frames': src.n_frames}))
            """#
        let result = try ExternalTool.run(try ExternalTool.path("python3"),
                                          ["-c", script, input.path, output.path] + crop.map { String($0) })
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
