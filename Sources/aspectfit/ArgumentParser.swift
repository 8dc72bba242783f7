#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

/// Turns argv (raw bytes, so input paths survive untouched) into `CommandLineOptions`.
///
/// Accepts `--name value`, `--name=value`, `-x value`, `-xvalue`, bundled flags (`-Rv`), and `--`.
/// Every value is checked here, so bad values are usage errors before any work.
struct ArgumentParser {
    /// One known option: its long name, optional short letter, and whether it takes a value.
    struct Spec {
        var long: String
        var short: Character?
        var takesValue: Bool
    }

    static let specs: [Spec] = [
        Spec(long: "ratio", short: "r", takesValue: true), Spec(long: "width", short: "w", takesValue: true),
        Spec(long: "height", short: "H", takesValue: true), Spec(long: "size", short: "s", takesValue: true),
        Spec(long: "max", short: nil, takesValue: true), Spec(long: "gravity", short: "g", takesValue: true),
        Spec(long: "focus", short: nil, takesValue: true), Spec(long: "no-enlarge", short: nil, takesValue: false),
        Spec(long: "radius", short: nil, takesValue: true), Spec(long: "corners", short: nil, takesValue: true),
        Spec(long: "background", short: nil, takesValue: true), Spec(long: "filter", short: nil, takesValue: true),
        Spec(long: "linear", short: nil, takesValue: false),
        Spec(long: "output", short: "o", takesValue: true), Spec(long: "format", short: "f", takesValue: true),
        Spec(long: "quality", short: "q", takesValue: true), Spec(long: "progressive", short: nil, takesValue: false),
        Spec(long: "chroma444", short: nil, takesValue: false), Spec(long: "optimize-huffman", short: nil, takesValue: false),
        Spec(long: "fast-png", short: nil, takesValue: false),
        Spec(long: "png-compression", short: nil, takesValue: true), Spec(long: "strip", short: nil, takesValue: false),
        Spec(long: "keep-metadata", short: nil, takesValue: false), Spec(long: "to-srgb", short: nil, takesValue: false),
        Spec(long: "max-pixels", short: nil, takesValue: true), Spec(long: "max-file-size", short: nil, takesValue: true),
        Spec(long: "fail-on", short: nil, takesValue: true),
        Spec(long: "recursive", short: "R", takesValue: false), Spec(long: "follow-symlinks", short: nil, takesValue: false),
        Spec(long: "files-from", short: nil, takesValue: true), Spec(long: "null", short: "0", takesValue: false),
        Spec(long: "jobs", short: "j", takesValue: true), Spec(long: "skip-existing", short: nil, takesValue: false),
        Spec(long: "dry-run", short: nil, takesValue: false), Spec(long: "shard", short: nil, takesValue: true),
        Spec(long: "quiet", short: nil, takesValue: false), Spec(long: "verbose", short: "v", takesValue: false),
        Spec(long: "json", short: nil, takesValue: false), Spec(long: "progress", short: nil, takesValue: false),
        Spec(long: "no-progress", short: nil, takesValue: false),
        Spec(long: "help", short: "h", takesValue: false), Spec(long: "version", short: nil, takesValue: false),
    ]

    /// The raw arguments after the program name.
    var arguments: [[UInt8]]
    /// Default for `--jobs`.
    var defaultJobs: Int

    /// Options as they were seen, for conflict checks.
    private var seen: Set<String> = []
    private var width: Int?
    private var height: Int?

    init(arguments: [[UInt8]], defaultJobs: Int) {
        self.arguments = arguments
        self.defaultJobs = defaultJobs
    }

    mutating func parse() throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        options.jobs = defaultJobs
        var i = 0
        var onlyInputs = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyInputs || arg.first != UInt8(ascii: "-") || arg == [UInt8(ascii: "-")] {
                options.inputs.append(PathBytes(arg))
                continue
            }
            let text = String(decoding: arg, as: UTF8.self)
            if text == "--" { onlyInputs = true; continue }
            if text.hasPrefix("--") {
                let body = text.dropFirst(2)
                let name = String(body.prefix(while: { $0 != "=" }))
                guard let spec = Self.specs.first(where: { $0.long == name }) else {
                    throw UsageError("unknown option '--\(name)' (see aspectfit --help)")
                }
                var raw: [UInt8]?
                if let eq = arg.firstIndex(of: UInt8(ascii: "=")) {
                    guard spec.takesValue else { throw UsageError("option '--\(name)' takes no value") }
                    raw = Array(arg[(eq + 1)...])
                } else if spec.takesValue {
                    guard i < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                    raw = arguments[i]
                    i += 1
                }
                try apply(spec, value: raw.map { String(decoding: $0, as: UTF8.self) }, raw: raw, to: &options)
                continue
            }
            // Short options, possibly bundled: -Rv, -w800, -o out.
            var position = 1
            while position < arg.count {
                let letter = Character(Unicode.Scalar(arg[position]))
                position += 1
                guard let spec = Self.specs.first(where: { $0.short == letter }) else {
                    throw UsageError("unknown option '-\(letter)' (see aspectfit --help)")
                }
                if !spec.takesValue { try apply(spec, value: nil, raw: nil, to: &options); continue }
                let raw: [UInt8]
                if position < arg.count {
                    raw = Array(arg[position...])
                    position = arg.count
                } else {
                    guard i < arguments.count else { throw UsageError("option '-\(letter)' needs a value") }
                    raw = arguments[i]
                    i += 1
                }
                try apply(spec, value: String(decoding: raw, as: UTF8.self), raw: raw, to: &options)
            }
        }
        try finish(&options)
        return options
    }

    private mutating func apply(_ spec: Spec, value: String?, raw: [UInt8]?, to options: inout CommandLineOptions) throws(UsageError) {
        let name = spec.long
        seen.insert(name)
        let v = value ?? ""
        func library<T>(_ make: () throws -> T) throws(UsageError) -> T {
            do { return try make() } catch { throw UsageError("--\(name): \(error)") }
        }
        switch name {
        case "ratio": options.fit.ratio = try library { try AspectRatio(parsing: v) }
        case "width": width = try Self.integer(v, name: name, in: 1...1_000_000)
        case "height": height = try Self.integer(v, name: name, in: 1...1_000_000)
        case "size":
            let parts = v.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1_000_000).contains(w), (1...1_000_000).contains(h) else {
                throw UsageError("--size: invalid size '\(v)' (expected WxH such as 800x600)")
            }
            options.fit.size = .size(width: w, height: h)
        case "max": options.fit.size = .longEdge(try Self.integer(v, name: name, in: 1...1_000_000))
        case "gravity": options.fit.gravity = try library { try Gravity(parsing: v) }
        case "focus": options.fit.gravity = try library { try Gravity(focusParsing: v) }
        case "no-enlarge": options.fit.enlarge = false
        case "radius": options.fit.cornerRadius = try library { try CornerRadius(parsing: v) }
        case "corners": options.fit.cornerStyle = try library { try CornerStyle(parsing: v) }
        case "background": options.fit.background = try library { try RGBColor(parsing: v) }
        case "filter": options.fit.filter = try library { try Filter(parsing: v) }
        case "linear": options.fit.linearLight = true
        case "output": options.output = PathBytes(raw ?? [])
        case "format":
            switch v.lowercased() {
            case "jpeg", "jpg": options.format = .jpeg
            case "png": options.format = .png
            case "auto": options.format = nil
            default: throw UsageError("--format: invalid format '\(v)' (expected jpeg, png or auto)")
            }
        case "quality": options.fit.jpeg.quality = try Self.integer(v, name: name, in: 1...100)
        case "progressive": options.fit.jpeg.progressive = true
        case "chroma444": options.fit.jpeg.chroma = .full444
        case "optimize-huffman": options.fit.jpeg.optimizeHuffman = true
        case "png-compression": options.fit.png.compressionLevel = try Self.integer(v, name: name, in: 0...9)
        case "fast-png": options.fit.png.fastFilters = true
        case "strip": options.fit.keepICCProfile = false
        case "keep-metadata": options.fit.keepEXIF = true
        case "to-srgb": options.fit.toSRGB = true
        case "max-pixels": options.fit.decode.maxPixels = try Self.integer(v, name: name, in: 1...Int.max)
        case "max-file-size":
            guard let n = ByteCount.parse(v), n <= 1 << 40 else {
                throw UsageError("--max-file-size: invalid size '\(v)' (expected bytes up to 1024G, optionally with K, M or G, such as 512M)")
            }
            options.maxFileSize = n
        case "fail-on":
            switch v.lowercased() {
            case "truncated": options.fit.decode.failOnTruncation = true
            case "none": options.fit.decode.failOnTruncation = false
            default: throw UsageError("--fail-on: invalid value '\(v)' (expected truncated or none)")
            }
        case "recursive": options.recursive = true
        case "follow-symlinks": options.followSymlinks = true
        case "files-from": options.filesFrom = PathBytes(raw ?? [])
        case "null": options.nulSeparated = true
        case "jobs": options.jobs = try Self.integer(v, name: name, in: 1...1024)
        case "skip-existing": options.skipExisting = true
        case "dry-run": options.dryRun = true
        case "shard":
            let parts = v.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw UsageError("--shard: invalid shard '\(v)' (expected K/N with 1 <= K <= N, such as 2/8)")
            }
            options.shard = Shard(index: k, count: n)
        case "quiet": options.quiet = true
        case "verbose": options.verbose = true
        case "json": options.json = true
        case "progress": options.progress = .always
        case "no-progress": options.progress = .never
        case "help": options.showHelp = true
        case "version": options.showVersion = true
        default: throw UsageError("unknown option '--\(name)'")
        }
    }

    /// Cross-option checks, once every option is known.
    private func finish(_ options: inout CommandLineOptions) throws(UsageError) {
        if options.showHelp || options.showVersion { return }
        func conflict(_ a: String, _ b: String) throws(UsageError) {
            if seen.contains(a) && seen.contains(b) { throw UsageError("--\(a) and --\(b) cannot be used together") }
        }
        try conflict("strip", "keep-metadata")
        try conflict("size", "width")
        try conflict("size", "height")
        try conflict("max", "width")
        try conflict("max", "height")
        try conflict("max", "size")
        try conflict("size", "ratio")
        try conflict("gravity", "focus")
        try conflict("quiet", "verbose")
        try conflict("progress", "no-progress")
        switch (width, height) {
        case let (w?, h?):
            if seen.contains("ratio") { throw UsageError("--ratio with both --width and --height: the size already fixes the ratio") }
            options.fit.size = .size(width: w, height: h)
        case let (w?, nil): options.fit.size = .width(w)
        case let (nil, h?): options.fit.size = .height(h)
        case (nil, nil): break
        }
        if options.output?.isEmpty == true { throw UsageError("-o: the output path is empty") }
        if options.filesFrom?.isEmpty == true { throw UsageError("--files-from: the list path is empty") }
        if options.nulSeparated && options.filesFrom == nil { throw UsageError("-0/--null only applies to --files-from") }
        if seen.contains("radius") == false && (seen.contains("corners")) {
            throw UsageError("--corners needs --radius")
        }
        if options.inputs.isEmpty && options.filesFrom == nil {
            throw UsageError("no input given (see aspectfit --help)")
        }
        let stdinUses = options.inputs.filter { $0.bytes == [UInt8(ascii: "-")] }.count + (options.filesFrom?.bytes == [UInt8(ascii: "-")] ? 1 : 0)
        if stdinUses > 1 { throw UsageError("standard input ('-') can be used only once") }
        if let output = options.output, output.bytes == [UInt8(ascii: "-")], options.json {
            throw UsageError("-o - writes the image to standard output, which --json also uses")
        }
        if let output = options.output, !output.bytes.contains(UInt8(ascii: "{")), let f = options.format,
           let extFormat = OutputFormatRule.formatForExtension(output.lowercasedExtension), extFormat != f {
            throw UsageError("--format \(f.rawValue) conflicts with the output file name '\(output)'")
        }
    }

    static func integer(_ text: String, name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound)...\(range.upperBound)"
            throw UsageError("--\(name): invalid value '\(text)' (expected an integer \(bound))")
        }
        return n
    }
}
