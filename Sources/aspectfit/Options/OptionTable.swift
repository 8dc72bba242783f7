import AspectFit

/// Every option of the tool, one entry each, in manual order. Adding an option is adding an entry.
enum OptionTable {
    static let all: [OptionDeclaration] = shape + output + batch + reporting + generators

    /// The entry for a long name ("ratio"); nil when there is none.
    static func named(_ long: String) -> OptionDeclaration? { all.first { $0.long == long } }

    /// The listed options a mistyped long name most likely meant: those it is a prefix of, if at
    /// most three (options are never abbreviated, so that adding one cannot change what a script
    /// means), else the one nearest within two edits (one for names of up to four letters; a swap of
    /// two neighbours is one edit).
    static func nearest(to name: String) -> [String] {
        let names = all.filter { !$0.hidden }.map(\.long)
        let extensions = names.filter { $0.hasPrefix(name) }
        if !name.isEmpty, (1...3).contains(extensions.count) { return extensions }
        let allowed = name.count <= 4 ? 1 : 2
        let ranked = names.map { ($0, EditDistance.between(Array($0.utf8), Array(name.utf8))) }.filter { $0.1 <= allowed }
        guard let best = ranked.min(by: { $0.1 < $1.1 }), ranked.filter({ $0.1 == best.1 }).count == 1 else { return [] }
        return [best.0]
    }

    /// The entry for a short letter ("r"); nil when there is none.
    static func lettered(_ short: Character) -> OptionDeclaration? { all.first { $0.short == short } }

    /// The sizes `-w`, `-H`, `--max` and each side of `--size` accept; larger ones are refused later
    /// with the real output limit, before any work.
    private static let sides = 1...1_000_000

    static let shape: [OptionDeclaration] = [
        OptionDeclaration(
            long: "ratio", short: "r", section: .shape,
            help: "Output aspect ratio, from 1:\(Int(AspectRatio.limit)) to \(Int(AspectRatio.limit)):1: W:H (4:3), WxH, W/H, "
                + "a number (1.5) or a name (any case, also four-to-three, og): "
                + AspectRatio.named.map { "\($0.name) \($0.ratio)" }.joined(separator: ", ") + ".",
            action: .value(valueName: "RATIO") { line, value throws(UsageError) in
                line.options.fit.ratio = try value.parsed { try AspectRatio(parsing: $0) }
            },
            completion: .words(AspectRatio.named.map(\.name)), conflicts: ["size"], inVariant: true),
        OptionDeclaration(
            long: "width", short: "w", section: .shape,
            help: "Output width in pixels (the height follows from the ratio).",
            action: .value(valueName: "N") { line, value throws(UsageError) in line.width = try value.integer(in: sides) },
            conflicts: ["size", "max"], inVariant: true),
        OptionDeclaration(
            long: "height", short: "H", section: .shape,
            help: "Output height in pixels. -w and -H together fix the size (and so the ratio).",
            action: .value(valueName: "N") { line, value throws(UsageError) in line.height = try value.integer(in: sides) },
            conflicts: ["size", "max"], inVariant: true),
        OptionDeclaration(
            long: "size", short: "s", section: .shape,
            help: "Exact output size; it fixes the ratio too. WxH, WXH or W:H.",
            action: .value(valueName: "WxH") { line, value throws(UsageError) in
                let parts = value.text.split(omittingEmptySubsequences: false) { "xX:".contains($0) }
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), sides.contains(w), sides.contains(h) else {
                    throw UsageError("invalid size '\(value.text)' (expected WxH such as 800x600)")
                }
                line.options.fit.size = .size(width: w, height: h)
            },
            conflicts: ["max"], inVariant: true),
        OptionDeclaration(
            long: "max", section: .shape,
            help: "Longest output edge in pixels.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.size = .longEdge(try value.integer(in: sides))
            }, inVariant: true),
        OptionDeclaration(
            long: "gravity", short: "g", section: .shape,
            help: "What to keep when cropping (default centre, also center): "
                + Gravity.named.map(\.name).joined(separator: ", ")
                + " (any case; also top, bottom, left, right, ne, nw, se, sw, top-left, ...). attention: the window "
                + "holding what a person looks at (detail, colour, skin, contrast against the surround); entropy: the "
                + "busiest window (as libvips). Both read the pixels once, as decoded.",
            action: .value(valueName: "NAME") { line, value throws(UsageError) in
                line.options.fit.gravity = try value.parsed { try Gravity(parsing: $0) }
            },
            completion: .words(Gravity.named.map(\.name)), conflicts: ["focus"], inVariant: true),
        OptionDeclaration(
            long: "focus", section: .shape,
            help: "Keep this point (fractions 0..1 of the upright image) centred as far as possible, e.g. --focus 0.5,0.3.",
            action: .value(valueName: "X,Y") { line, value throws(UsageError) in
                line.options.fit.gravity = try value.parsed { try Gravity(focusParsing: $0) }
            }, inVariant: true),
        OptionDeclaration(
            long: "no-enlarge", section: .shape,
            help: "Never upscale: under cover a small source gives the largest box of the ratio it holds; under contain "
                + "the box stays as asked and the picture keeps its own pixels when it already fits.",
            action: .flag { $0.options.fit.enlarge = false }, inVariant: true),
        OptionDeclaration(
            long: "fit", section: .shape,
            help: "cover (default): fill the box, clip the overflow around --gravity; contain: the whole image "
                + "inside the box (-r alone: the smallest box of the ratio around it), the rest --background "
                + "(default transparent, white in JPEG), placed by --gravity; --radius cuts the box's corners "
                + "(--corners-on picture: the picture's).",
            action: .value(valueName: "MODE") { line, value throws(UsageError) in
                line.options.fit.fit = try value.parsed { try FitMode(parsing: $0) }
            },
            completion: .words(FitMode.allCases.map(\.rawValue)), inVariant: true),
        OptionDeclaration(
            long: "radius", section: .shape,
            help: "Rounded corners: pixels (64, 64px), % of the short side (12.5%), or circle (50%: a circle, or a capsule on a rectangle).",
            action: .value(valueName: "R") { line, value throws(UsageError) in
                line.options.fit.cornerRadius = try value.parsed { try CornerRadius(parsing: $0) }
            }, inVariant: true),
        OptionDeclaration(
            long: "corners", section: .shape,
            help: "circular (default) or continuous (Apple's smooth, squircle-like corner).",
            action: .value(valueName: "STYLE") { line, value throws(UsageError) in
                line.options.fit.cornerStyle = try value.parsed { try CornerStyle(parsing: $0) }
            },
            completion: .words(CornerStyle.allCases.map(\.rawValue)), requires: ["radius"], inVariant: true),
        OptionDeclaration(
            long: "corners-on", section: .shape,
            help: "Under --fit contain, round the output box (box, the default) or the picture inside its bars (picture).",
            action: .value(valueName: "WHAT") { line, value throws(UsageError) in
                line.options.fit.cornersOn = try value.parsed { try CornerTarget(parsing: $0) }
            },
            completion: .words(CornerTarget.allCases.map(\.rawValue)), requires: ["radius"], inVariant: true),
        OptionDeclaration(
            long: "background", section: .shape,
            help: "What contain bars, cut corners and transparency become, in every format: #rgb, #rrggbb, #rrggbbaa, "
                + "rgb(255 128 0), rgba(255, 128, 0, 0.5), a CSS colour name or transparent. Default: transparent where "
                + "the output holds alpha (PNG, WebP, AVIF), white in JPEG; an opaque colour writes no alpha.",
            action: .value(valueName: "COLOR") { line, value throws(UsageError) in
                line.options.fit.background = try value.parsed { try RGBColor(parsing: $0) }
            }, inVariant: true),
        OptionDeclaration(
            long: "filter", section: .shape,
            help: "Resampling filter (default \(FitOptions().filter)): " + Filter.allCases.map(\.rawValue).joined(separator: ", ") + ".",
            action: .value(valueName: "NAME") { line, value throws(UsageError) in
                line.options.fit.filter = try value.parsed { try Filter(parsing: $0) }
            },
            completion: .words(Filter.allCases.map(\.rawValue)), inVariant: true),
        OptionDeclaration(
            long: "linear", section: .shape,
            help: "Resample in linear light (gamma-correct, slower).",
            action: .flag { $0.options.fit.linearLight = true }, inVariant: true),
        OptionDeclaration(
            long: "trim", section: .shape,
            help: "First remove a uniform border: the colour of the top-left pixel (or transparency when it is "
                + "transparent), within --trim-threshold; the fit then applies to what is left, and every variant "
                + "to the same box. A uniform image is kept whole (with a warning). Output is 8-bit.",
            action: .flag { $0.options.fit.trim = $0.options.fit.trim ?? Trim() }),
        OptionDeclaration(
            long: "trim-threshold", section: .shape,
            help: "How far a pixel may be from the border colour and still be trimmed: the largest difference of any "
                + "channel, 0-255 (default \(Trim.defaultThreshold), as sharp); against transparency, the alpha.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.trim = Trim(threshold: try value.integer(in: 0...255))
            },
            requires: ["trim"]),
        OptionDeclaration(
            long: "sharpen", section: .shape,
            help: "Unsharp mask on the resized picture (not bars or corners), on the sRGB values, alpha untouched: "
                + "default (\(Sharpen.mild): sigma,amount close to sharp's mild sharpen()), SIGMA in output pixels (0.1-10), "
                + "or SIGMA,AMOUNT (amount 0-10; 0 turns the command line's off in a variant), e.g. 1,0.8.",
            action: .value(valueName: "default|SIGMA[,AMOUNT]") { line, value throws(UsageError) in
                line.options.fit.sharpen = try value.parsed { try Sharpen(parsing: $0) }
            }, inVariant: true),
    ]

    static let output: [OptionDeclaration] = [
        OptionDeclaration(
            long: "output", short: "o", section: .output,
            help: """
            Where to write:
              a FILE (one input; .jpg, .jpeg, .jpe, .jfif, .png, .webp, .avif or .gif sets the format; any \
            other extension, such as .heic, is refused),
              a DIRECTORY (created if missing; writes DIR/NAME.EXT, with -R DIR/REL/NAME.EXT),
              a TEMPLATE containing {...} (a literal extension at its end sets the format like a \
            FILE's; ending in / or {rel} it is a folder), or
              - for standard output (one input; not with --json).
            PATH is a directory when it exists as one, ends in /, or has no extension (any other extension \
            must be one aspectfit writes); a template \
            when it contains {. Without -o: beside each input as NAME-WxH.EXT (standard input goes to \
            standard output); reruns ignore such earlier outputs of an input NAME.* in the same folder.
            Template fields: {name} the input name without extension, {ext} the input's extension when \
            the format is unchanged (else jpg, png, webp or avif), {dir} the input's directory, {rel} the sub-directory \
            below the walked input directory (a folder template's {name}.{ext} goes below it), {w} {h} the output size, {ratio} the requested ratio as WxH as -r spells it, \
            the same at every size (3x2, 16x10, 1.91x1 for og; -s 800x600 gives 4x3; none asked: the source's, in lowest terms).
            """,
            action: .value(valueName: "PATH") { line, value throws(UsageError) in
                guard !value.bytes.isEmpty else { throw UsageError("the output path is empty") }
                line.options.output = PathBytes(value.bytes)
            },
            completion: .path, inVariant: true),
        OptionDeclaration(
            long: "format", short: "f", section: .output,
            help: "jpeg, png, webp, avif, gif or auto (default): the output name's extension, else the input's own format "
                + "(HEIC, which is only read, and a still GIF: JPEG; an animated GIF stays GIF), but PNG when the result "
                + "has transparency the format cannot hold (e.g. --radius on a JPEG). GIF, WebP and AVIF keep an animation's frames.",
            action: .value(valueName: "FMT") { line, value throws(UsageError) in
                line.options.fit.format = try value.parsed { try OutputFormat(parsing: $0) }
            },
            completion: .words(OutputFormat.allCases.map(\.rawValue)), inVariant: true),
        OptionDeclaration(
            long: "quality", short: "q", section: .output,
            help: "JPEG quality 1-100 (default \(FitOptions().jpeg.quality)).",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.jpeg.quality = try value.integer(in: 1...100)
            }, inVariant: true),
        OptionDeclaration(
            long: "progressive", section: .output, help: "Progressive JPEG.",
            action: .flag { $0.options.fit.jpeg.progressive = true }, inVariant: true),
        OptionDeclaration(
            long: "chroma444", section: .output,
            help: "JPEG and AVIF without chroma subsampling (sharper colour edges, larger). JPEG has it "
                + "anyway from -q \(JPEGEncodeOptions.fullChromaQuality).",
            action: .flag { line in
                line.options.fit.jpeg.chroma = .full444
                line.options.fit.avif.chroma = .full444
            }, conflicts: ["chroma420"], inVariant: true),
        OptionDeclaration(
            long: "chroma420", section: .output,
            help: "JPEG with 4:2:0 chroma at every quality (by default -q \(JPEGEncodeOptions.fullChromaQuality) "
                + "and above keep full chroma).",
            action: .flag { $0.options.fit.jpeg.chroma = .subsampled420 }, inVariant: true),
        OptionDeclaration(
            long: "optimize-huffman", section: .output,
            help: "Optimal JPEG Huffman tables: smaller files, a slower encode.",
            action: .flag { $0.options.fit.jpeg.optimizeHuffman = true }, inVariant: true),
        OptionDeclaration(
            long: "jpeg-encoder", section: .output,
            help: "turbo (default): libjpeg-turbo's own tables and rounding; trellis: perceptual quantisation tables, "
                + "trellis quantisation, optimal Huffman tables and the smaller of sequential and progressive scans, "
                + "for smaller files that look the same at the same -q, at a much slower encode (as sharp's mozjpeg option).",
            action: .value(valueName: "NAME") { line, value throws(UsageError) in
                guard let encoder = JPEGEncodeOptions.Encoder(rawValue: value.text) else {
                    throw UsageError("invalid JPEG encoder '\(value.text)' (expected trellis or turbo)")
                }
                line.options.fit.jpeg.encoder = encoder
            },
            completion: .words(JPEGEncodeOptions.Encoder.allCases.map(\.rawValue)), inVariant: true),
        OptionDeclaration(
            long: "png-compression", section: .output,
            help: "deflate level 0-9 (default \(FitOptions().png.compressionLevel); lower is faster, higher smaller). "
                + "Each row takes the smaller of the AVG and PAETH filters.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.png.compressionLevel = try value.integer(in: 0...9)
            }, inVariant: true),
        OptionDeclaration(
            long: "fast-png", section: .output,
            help: "The fastest PNG encode: deflate level 1, as --png-compression 1 (faster than the default "
                + "level, larger files).",
            action: .flag { $0.options.fit.png.compressionLevel = 1 },
            conflicts: ["png-compression"], inVariant: true),
        OptionDeclaration(
            long: "png-depth", section: .output,
            help: "Bits per sample of PNG output, 8 or 16. By default a 16-bit PNG source stays 16-bit (resampled in "
                + "floating point) and everything else is 8-bit; with --to-srgb a 16-bit source is read at 8 bits.",
            action: .value(valueName: "BITS") { line, value throws(UsageError) in
                switch value.text {
                case "8": line.options.fit.bitDepth = .eight
                case "16": line.options.fit.bitDepth = .sixteen
                default: throw UsageError("invalid PNG depth '\(value.text)' (expected 8 or 16)")
                }
            },
            completion: .words(["8", "16"]), inVariant: true),
        OptionDeclaration(
            long: "png-palette", section: .output,
            help: "Indexed-colour PNG (as pngquant, or sharp's png palette) with at most COLOURS entries, 2-256, each "
                + "with its own alpha; default: 256. An image with that many colours or fewer keeps them exactly; others "
                + "get a palette cut from their colours by variance, Floyd-Steinberg dithered. 1, 2, 4 or 8 bits a pixel, whichever holds "
                + "the palette, 8 bits a sample. off: truecolour (turns it off in a variant).",
            action: .value(valueName: "default|COLOURS|off") { line, value throws(UsageError) in
                switch value.text.lowercased() {
                case "default": line.options.fit.png.palette = 256
                case "off": line.options.fit.png.palette = nil
                default: line.options.fit.png.palette = try value.integer(in: 2...256)
                }
            },
            conflicts: ["png-depth"], inVariant: true),
        OptionDeclaration(
            long: "webp-quality", section: .output,
            help: "WebP quality 1-100 (default \(FitOptions().webp.quality), chosen to look like JPEG quality "
                + "\(FitOptions().jpeg.quality) in fewer bytes); with --webp-lossless, how hard to compress.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.webp.quality = try value.integer(in: 1...100)
            }, inVariant: true),
        OptionDeclaration(
            long: "webp-lossless", section: .output,
            help: "Lossless WebP: exact pixels (for graphics; photos come out several times larger).",
            action: .flag { $0.options.fit.webp.lossless = true }, inVariant: true),
        OptionDeclaration(
            long: "webp-effort", section: .output,
            help: "WebP effort 0-6 (default \(FitOptions().webp.effort)): higher is slower and a little smaller.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.webp.effort = try value.integer(in: 0...6)
            }, inVariant: true),
        OptionDeclaration(
            long: "avif-quality", section: .output,
            help: "AVIF quality 1-100 (default \(FitOptions().avif.quality), chosen to look like JPEG quality "
                + "\(FitOptions().jpeg.quality) in fewer bytes).",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.avif.quality = try value.integer(in: 1...100)
            }, inVariant: true),
        OptionDeclaration(
            long: "avif-speed", section: .output,
            help: "AVIF encoder speed 0-10 (default \(FitOptions().avif.speed)): lower is slower and a little smaller.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.avif.speed = try value.integer(in: 0...10)
            }, inVariant: true),
        OptionDeclaration(
            long: "max-bytes", section: .output,
            help: "Each output at most SIZE bytes (K and M are binary: 1K = 1024), at the highest quality up to the "
                + "one asked for (-q, --webp-quality, --avif-quality) that fits, the resampled pixels re-encoded "
                + "(never decoded again). PNG and lossless WebP are retried at their tightest compression; a PNG still too "
                + "large then gets a palette, of 256 colours (or --png-palette's) down to the --min-quality floor. An "
                + "output that cannot fit fails with the smallest size reached; the others are written.",
            action: .value(valueName: "SIZE") { line, value throws(UsageError) in
                guard let n = ByteCount.parse(value.text), n <= 1 << 30 else {
                    throw UsageError("invalid size '\(value.text)' (expected bytes up to 1G, optionally with K or M, such as 50K)")
                }
                line.options.fit.maxBytes = n
            }, inVariant: true),
        OptionDeclaration(
            long: "min-quality", section: .output,
            help: "The lowest quality 1-100 --max-bytes may go down to, on each format's own scale "
                + "(default \(FitOptions().minQuality)): below it the output fails rather than turn to mush. For PNG, "
                + "the fewest palette colours: 256 x N / 100 rounded, at least 2 (30: \(PNGEncodeOptions.paletteColours(forQuality: 30))).",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.minQuality = try value.integer(in: 1...100)
            }, requires: ["max-bytes"], inVariant: true),
        OptionDeclaration(
            long: "strip", section: .output,
            help: "Drop all metadata, the ICC profile too. By default EXIF, GPS, XMP, IPTC and comments are dropped "
                + "and the ICC profile is kept, so colours stay right.",
            action: .flag { $0.options.fit.keepICCProfile = false },
            conflicts: ["keep-metadata", "keep-copyright"], inVariant: true),
        OptionDeclaration(
            long: "keep-metadata", section: .output,
            help: "Keep EXIF, XMP and IPTC too (camera, date, GPS, rights), made true for the output: orientation 1, "
                + "the output's size in EXIF and XMP, and the source's embedded thumbnails and EXIF maker note dropped, "
                + "so nothing the crop removed survives. WebP and AVIF have no place for IPTC: their XMP carries the "
                + "same fields.",
            action: .flag { $0.options.fit.keepMetadata = .all }, conflicts: ["keep-copyright"], inVariant: true),
        OptionDeclaration(
            long: "keep-copyright", section: .output,
            help: "Keep only who made and who owns the image: EXIF Artist and Copyright; XMP dc:creator, dc:rights, "
                + "xmpRights:* and photoshop:Credit/Source; IPTC By-line, Credit, Source and Copyright Notice. "
                + "GPS, camera, serial numbers and dates are dropped.",
            action: .flag { $0.options.fit.keepMetadata = .copyright }, inVariant: true),
        OptionDeclaration(
            long: "to-srgb", section: .output,
            help: "Convert profiled input (Display P3, Adobe RGB, ProPhoto...) to sRGB and tag the output as sRGB, "
                + "for places that ignore profiles. sRGB and untagged input is left as it is.",
            action: .flag { $0.options.fit.toSRGB = true }, inVariant: true),
        OptionDeclaration(
            long: "max-pixels", section: .output,
            help: "Refuse inputs with more pixels than N (default \(DecodeOptions.defaultMaxPixels)). K, M and G are "
                + "decimal, as in megapixels: 1M = 1000000, 1.5M = 1500000, 268M = 268000000.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                guard let n = PixelCount.parse(value.text) else {
                    throw UsageError("invalid pixel count '\(value.text)' (expected a positive count, optionally with K, M or G, such as 24M)")
                }
                line.options.fit.decode.maxPixels = n
            }),
        OptionDeclaration(
            long: "frames", section: .output,
            help: "Which frames of an animated GIF or WebP or an AVIF sequence to write: all (default; as an animation "
                + "when the output is GIF, WebP or AVIF, with its delays and loop count, else the first) or first (a still image).",
            action: .value(valueName: "all|first") { line, value throws(UsageError) in
                guard let frames = AnimationFrames(rawValue: value.text) else {
                    throw UsageError("invalid --frames '\(value.text)' (expected all or first)")
                }
                line.options.fit.frames = frames
            },
            completion: .words(AnimationFrames.allCases.map(\.rawValue)), inVariant: true),
        OptionDeclaration(
            long: "frame", section: .output,
            help: "Write frame N (counted from 0) of an animated GIF or WebP or an AVIF sequence as a still image, "
                + "composited as it shows.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.frame = try value.integer(in: 0...1_000_000)
            }, conflicts: ["frames"], inVariant: true),
        OptionDeclaration(
            long: "max-frames", section: .output,
            help: "Refuse animations with more than N frames (default \(DecodePolicy.defaultMaxFrames)), before decoding any.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.fit.decode.maxFrames = try value.integer(in: 1...Int(UInt32.max))
            }),
        OptionDeclaration(
            long: "max-animation-pixels", section: .output,
            help: "Refuse animations whose frames have more pixels in all than N (the canvas times the frames; default "
                + "\(DecodePolicy.defaultMaxAnimationPixels)), before decoding any; K, M and G as for --max-pixels. "
                + "--max-pixels applies to each frame.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                guard let n = PixelCount.parse(value.text) else {
                    throw UsageError("invalid pixel count '\(value.text)' (expected a positive count, optionally with K, M or G, such as 500M)")
                }
                line.options.fit.decode.maxAnimationPixels = n
            }),
        OptionDeclaration(
            long: "max-file-size", section: .output,
            help: "Refuse inputs larger than SIZE bytes (K, M, G are binary: 1K = 1024; default \(ByteCount.text(CommandLineOptions().maxFileSize)), at most 1024G), "
                + "unread; also caps standard input and --files-from lists.",
            action: .value(valueName: "SIZE") { line, value throws(UsageError) in
                guard let n = ByteCount.parse(value.text), n <= 1 << 40 else {
                    throw UsageError("invalid size '\(value.text)' (expected bytes up to 1024G, optionally with K, M or G, such as 512M)")
                }
                line.options.maxFileSize = n
            }),
        OptionDeclaration(
            long: "fail-on", section: .output,
            help: "truncated (default): truncated or corrupt inputs fail; none: accept what decodes, with a warning.",
            action: .value(valueName: "WHAT") { line, value throws(UsageError) in
                switch value.text.lowercased() {
                case "truncated": line.options.fit.decode.failOnTruncation = true
                case "none": line.options.fit.decode.failOnTruncation = false
                default: throw UsageError("invalid value '\(value.text)' (expected truncated or none)")
                }
            },
            completion: .words(["truncated", "none"])),
    ]

    static let batch: [OptionDeclaration] = [
        OptionDeclaration(
            long: "recursive", short: "R", section: .batch,
            help: "Walk sub-directories of directory inputs (mirrored in the output).",
            action: .flag { $0.options.recursive = true }),
        OptionDeclaration(
            long: "follow-symlinks", section: .batch,
            help: "Follow symlinked directories, and symlinked files pointing outside the walked directory, "
                + "while walking (loops are detected).",
            action: .flag { $0.options.followSymlinks = true }),
        OptionDeclaration(
            long: "files-from", section: .batch,
            help: "Read more inputs from FILE (- for standard input), one per line.",
            action: .value(valueName: "FILE") { line, value throws(UsageError) in
                guard !value.bytes.isEmpty else { throw UsageError("the list path is empty") }
                line.options.filesFrom = PathBytes(value.bytes)
            },
            completion: .path),
        OptionDeclaration(
            long: "null", short: "0", section: .batch,
            help: "--files-from entries are NUL-separated (find -print0).",
            action: .flag { $0.options.nulSeparated = true },
            requires: ["files-from"]),
        OptionDeclaration(
            long: "no-sync", section: .batch,
            help: "Do not wait for each output to reach the disk (fdatasync) before renaming it into place: "
                + "faster on many small files, but after a power cut or OS crash an output may be empty or "
                + "truncated under its final name. Outputs are still written to a temporary and renamed, so a "
                + "crash of aspectfit itself never leaves a partial file.",
            action: .flag { $0.options.syncOutputs = false }),
        OptionDeclaration(
            long: "jobs", short: "j", section: .batch,
            help: "Images processed in parallel (default: the CPUs this process may run on, its affinity "
                + "set as nproc counts it, so taskset and container CPU sets are respected). Jobs no image "
                + "takes are shared out among the images: HEIF tiles, AVIF encodes and the smart crop's "
                + "analysis and resample use them.",
            action: .value(valueName: "N") { line, value throws(UsageError) in
                line.options.jobs = try value.integer(in: 1...1024)
            }),
        OptionDeclaration(
            long: "max-memory", section: .batch,
            help: "The memory the images in flight may hold together (K, M, G binary), on top of the limits "
                + "found by themselves: the memory cgroup's limit (a container's) and ulimit -v. Each image's "
                + "need is estimated from its plan before it is decoded; fewer images run at once when they "
                + "are big, and one that needs more than the whole budget fails alone.",
            action: .value(valueName: "SIZE") { line, value throws(UsageError) in
                guard let n = ByteCount.parse(value.text), n > 0 else {
                    throw UsageError("invalid size '\(value.text)' (expected bytes, optionally with K, M or G, such as 512M)")
                }
                line.options.maxMemory = n
            }),
        OptionDeclaration(
            long: "skip-existing", section: .batch,
            help: "Leave inputs whose output already exists (resume a batch).",
            action: .flag { $0.options.skipExisting = true }),
        OptionDeclaration(
            long: "overwrite", section: .batch,
            help: "Replace files at output paths that aspectfit did not write. Without it, only its own "
                + "earlier outputs (which carry its mark and are unchanged since) are replaced, and any other "
                + "file there fails that output; an input is never replaced.",
            action: .flag { $0.options.overwrite = true }, conflicts: ["skip-existing"]),
        OptionDeclaration(
            long: "dry-run", section: .batch,
            help: "Print each input's plan (sizes, crop, decode scale), or the failure the run would meet from the header "
                + "(limits included); decode and write nothing.",
            action: .flag { $0.options.dryRun = true }),
        OptionDeclaration(
            long: "shard", section: .batch,
            help: """
            Process only slice K of N: the inputs sorted by path bytes, every N-th starting at K. Output \
            collisions are still checked on the whole list, so N machines or processes can share one job.
            auto[/N]: the slice of this array task: JOB_COMPLETION_INDEX (Kubernetes Indexed Job; give \
            N = completions), SLURM_ARRAY_TASK_ID from SLURM_ARRAY_TASK_MIN (count SLURM_ARRAY_TASK_COUNT), \
            or AWS_BATCH_JOB_ARRAY_INDEX (count AWS_BATCH_JOB_ARRAY_SIZE or N). Refused when none is set.
            """,
            action: .value(valueName: "K/N|auto[/N]") { line, value throws(UsageError) in
                line.options.shard = try ShardEnvironment.parse(value.text, environment: ShardEnvironment.current)
            }),
        OptionDeclaration(
            long: "variant", section: .batch,
            help: "One more output of every input, from the same decode: OPTIONS are shape and output options "
                + "(" + (shape + output).filter(\.inVariant).map { $0.short.map { "-\($0)" } ?? "--\($0.long)" }.joined(separator: " ")
                + "), quoted as in a shell, -o required (any PATH or TEMPLATE). Repeat it for each output; "
                + "the same options outside variants are defaults for all of them (a size option in a variant "
                + "replaces the default size). E.g. --variant '-r square -w 256 -o thumbs/' --variant '-r 16:9 -w 1280 -o hero/'.",
            action: .value(valueName: "OPTIONS") { line, value throws(UsageError) in
                line.variants.append(VariantText(words: try VariantText.split(value.bytes), origin: "--variant '\(value.text)'"))
            },
            conflicts: ["output"]),
        OptionDeclaration(
            long: "variants-from", section: .batch,
            help: "Read variants from FILE, one --variant's OPTIONS per line; blank lines and lines starting with # are ignored.",
            action: .value(valueName: "FILE") { line, value throws(UsageError) in
                guard !value.bytes.isEmpty else { throw UsageError("the variants file path is empty") }
                line.variantsFrom = PathBytes(value.bytes)
            },
            completion: .path, conflicts: ["output"]),
    ]

    static let reporting: [OptionDeclaration] = [
        OptionDeclaration(
            long: "json", section: .reporting,
            help: """
            One JSON object per output on standard output (in input order; with --variant, each input's \
            outputs in variant order), then a summary object. \
            Fields: input, output, variant (1-based position of the --variant, 1 without), status (ok|error|skipped|planned|not_finished|not_started), error, \
            source_width, source_height \
            (upright), source_format, orientation (EXIF 1-8), crop {x,y,width,height} (upright source \
            pixels), output_width, output_height, output_format, decode_scale, box_reduction, chroma_repeated, bytes, milliseconds, \
            warnings; input_bytes/output_bytes (base64) when a name is not UTF-8. Summary (counting outputs): summary \
            (true), total, ok, failed, skipped, not_finished, not_started, non_images_skipped, symlinks_skipped, \
            folders_skipped, earlier_outputs_skipped, interrupted, milliseconds.
            """,
            action: .flag { $0.options.json = true }),
        OptionDeclaration(
            long: "verbose", short: "v", section: .reporting,
            help: "Print each file's plan and step timings on standard error.",
            action: .flag { $0.options.verbose = true }),
        OptionDeclaration(
            long: "quiet", section: .reporting,
            help: "No progress bar and no summary line (errors are still printed).",
            action: .flag { $0.options.quiet = true },
            conflicts: ["verbose", "progress"]),
        OptionDeclaration(
            long: "progress", section: .reporting,
            help: "Show the progress bar even when standard error is not a terminal (by default: only when it is).",
            action: .flag { $0.options.progress = .always },
            conflicts: ["no-progress"]),
        OptionDeclaration(
            long: "no-progress", section: .reporting,
            help: "Never show the progress bar.",
            action: .flag { $0.options.progress = .never }),
        OptionDeclaration(
            long: "help", short: "h", section: .reporting, help: "Print this manual (also installed as man aspectfit).",
            action: .flag { $0.options.request = .help }),
        OptionDeclaration(
            long: "version", section: .reporting, help: "Print the version.",
            action: .flag { $0.options.request = .version }),
    ]

    /// What `scripts/install.sh` runs to write the man page and the completions.
    static let generators: [OptionDeclaration] = [
        OptionDeclaration(
            long: "generate-manpage", section: .reporting, help: "Print the man page (roff).",
            action: .flag { $0.options.request = .manPage }, hidden: true),
        OptionDeclaration(
            long: "generate-completion-script", section: .reporting, help: "Print the completion script for SHELL.",
            action: .value(valueName: "SHELL") { line, value throws(UsageError) in
                guard let shell = CompletionScript.Shell(rawValue: value.text) else {
                    throw UsageError("unknown shell '\(value.text)' (expected \(CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                line.options.request = .completionScript(shell)
            },
            completion: .words(CompletionScript.Shell.allCases.map(\.rawValue)), hidden: true),
    ]
}

extension OptionTable {
    /// The options `option` cannot be given with, declared on either side, in table order.
    static func conflicts(of option: OptionDeclaration) -> [OptionDeclaration] {
        all.filter { other in option.conflicts.contains(other.long) || other.conflicts.contains(option.long) }
    }

    /// The options listed in the manual, README and completions.
    static var documented: [OptionDeclaration] { all.filter { !$0.hidden } }
}
