import AspectFit

/// Turns argv (raw bytes, so input paths survive untouched) into `CommandLineOptions`, driven by
/// `OptionTable`.
///
/// Accepts `--name value`, `--name=value`, `-x value`, `-xvalue`, bundled flags (`-Rv`), and `--`.
/// Every value is checked here, so bad values are usage errors before any work.
struct ArgumentParser {
    /// The raw arguments after the program name.
    var arguments: [[UInt8]]
    /// Default for `--jobs`.
    var defaultJobs: Int

    init(arguments: [[UInt8]], defaultJobs: Int) {
        self.arguments = arguments
        self.defaultJobs = defaultJobs
    }

    func parse() throws(UsageError) -> CommandLineOptions {
        var line = ParsedCommandLine()
        line.options.jobs = defaultJobs
        var seen: [String] = []
        try Self.apply(arguments, to: &line, seen: &seen, variant: nil)
        guard line.options.request == .run else { return line.options }
        try Self.checkCombinations(seen: seen)
        var options = try finish(line, seen: seen)
        var variantWarnings: [String] = []
        var given = Set(seen)
        options.variants = try variants(of: line, seen: seen, warnings: &variantWarnings, allGiven: &given)
        if options.fit.trim != nil, options.outputVariants.contains(where: { $0.fit.bitDepth == .sixteen }) {
            throw UsageError("--trim reads and writes 8-bit pixels: it cannot be used with --png-depth 16")
        }
        options.warnings = line.warnings + variantWarnings
        options.given = given
        return options
    }

    /// Applies `words` in order: options to `line`, other words as inputs. Inside a variant
    /// (`variant` names it) only `inVariant` options are allowed, and every message names it.
    private static func apply(_ words: [[UInt8]], to line: inout ParsedCommandLine, seen: inout [String],
                              variant: String?) throws(UsageError) {
        var i = 0
        var onlyInputs = false
        var given: [String: [UInt8]] = [:]
        func apply(_ option: OptionDeclaration, _ value: [UInt8]?) throws(UsageError) {
            if variant != nil, !option.inVariant {
                throw UsageError("--\(option.long) cannot be used inside a variant (only shape and output options; see --variant)")
            }
            if let value, option.long != "variant" {
                if let earlier = given[option.long], earlier != value {   // last wins, as an alias's defaults need
                    line.warnings.append((variant.map { "\($0): " } ?? "")
                        + "--\(option.long) given twice ('\(PathBytes(earlier))', then '\(PathBytes(value))'); the last is used")
                }
                given[option.long] = value
            }
            if !seen.contains(option.long) { seen.append(option.long) }
            switch option.action {
            case .flag(let set): set(&line)
            case .value(_, let set):
                do { try set(&line, OptionValue(bytes: value ?? [])) } catch {
                    // Name the option, unless the message already starts with it ("--shard auto: ...").
                    throw UsageError(lines: error.lines.map { $0.hasPrefix("--\(option.long)") ? $0 : "--\(option.long): \($0)" })
                }
            }
        }
        do throws(UsageError) {
            while i < words.count {
                let arg = words[i]
                i += 1
                if onlyInputs || arg.first != UInt8(ascii: "-") || arg == [UInt8(ascii: "-")] || (variant != nil && arg == Array("--".utf8)) {
                    if variant != nil {
                        throw UsageError("'\(PathBytes(arg))' is not an option (inputs go outside variants)")
                    }
                    line.options.inputs.append(PathBytes(arg))
                    continue
                }
                if arg == Array("--".utf8) { onlyInputs = true; continue }
                if arg.starts(with: Array("--".utf8)) {
                    let body = arg.dropFirst(2)
                    let nameBytes = body.prefix { $0 != UInt8(ascii: "=") }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    guard let option = OptionTable.named(name) else {
                        let near = OptionTable.nearest(to: name).map { "--" + $0 }
                        throw UsageError("unknown option '--\(name)'" + (near.isEmpty ? " (see aspectfit --help)"
                            : " (did you mean \(near.count == 1 ? near[0] : near.dropLast().joined(separator: ", ") + " or " + near.last!)?)"))
                    }
                    var value: [UInt8]?
                    if nameBytes.endIndex < body.endIndex {
                        guard option.takesValue else { throw UsageError("option '--\(name)' takes no value") }
                        value = Array(body[(nameBytes.endIndex + 1)...])
                    } else if option.takesValue {
                        guard i < words.count else { throw UsageError("option '--\(name)' needs a value") }
                        value = words[i]
                        i += 1
                    }
                    try apply(option, value)
                    continue
                }
                // Short options, possibly bundled: -Rv, -w800, -o out.
                var position = 1
                while position < arg.count {
                    let letter = Character(Unicode.Scalar(arg[position]))
                    position += 1
                    guard let option = OptionTable.lettered(letter) else {
                        throw UsageError("unknown option '-\(letter)' (see aspectfit --help)")
                    }
                    guard option.takesValue else { try apply(option, nil); continue }
                    if position < arg.count {
                        try apply(option, Array(arg[position...]))
                        position = arg.count
                    } else {
                        guard i < words.count else { throw UsageError("option '-\(letter)' needs a value") }
                        try apply(option, words[i])
                        i += 1
                    }
                }
            }
        } catch {
            guard let variant else { throw error }
            throw Self.naming(variant, error)
        }
    }

    /// `error` with each line prefixed by the variant it is about.
    private static func naming(_ variant: String, _ error: UsageError) -> UsageError {
        UsageError(lines: error.lines.map { "\(variant): \($0)" })
    }

    /// Options a variant replaces as a group: giving one drops the command line's defaults for all.
    private static let replacedTogether: [[String]] = [["width", "height", "size", "max"], ["gravity", "focus"], ["strip", "keep-metadata", "keep-copyright"],
                                                         ["chroma444", "chroma420"]]

    /// Each `--variant` (then each line of `--variants-from`) applied over the command line's own
    /// shape and output options, which are their defaults.
    private func variants(of line: ParsedCommandLine, seen: [String], warnings: inout [String],
                          allGiven: inout Set<String>) throws(UsageError) -> [OutputVariant] {
        var texts = line.variants
        if let file = line.variantsFrom {
            let data: [UInt8]
            do { data = try FileSystem.readStream(file, limit: line.options.maxFileSize) } catch {
                throw UsageError("--variants-from \(file): \(error)")
            }
            let fromFile = try VariantText.lines(of: data, file: file)
            if fromFile.isEmpty { throw UsageError("--variants-from \(file): no variants in the file (one per line; # starts a comment)") }
            texts += fromFile
        }
        return try texts.map { (text: VariantText) throws(UsageError) -> OutputVariant in
            var given = ParsedCommandLine()
            var names: [String] = []
            try Self.apply(text.words, to: &given, seen: &names, variant: text.origin)
            warnings += given.warnings
            allGiven.formUnion(names)
            var variant = line
            var inherited = seen.filter { $0 != "variant" && $0 != "variants-from" }
            for group in Self.replacedTogether where group.contains(where: names.contains) {
                inherited.removeAll { group.contains($0) }
            }
            if names.contains(where: Self.replacedTogether[0].contains) {
                (variant.width, variant.height, variant.options.fit.size) = (nil, nil, .none)
                if names.contains("size") {
                    variant.options.fit.ratio = nil
                    inherited.removeAll { $0 == "ratio" }
                }
            }
            if names.contains(where: Self.replacedTogether[2].contains) {
                (variant.options.fit.keepICCProfile, variant.options.fit.keepMetadata) = (true, .none)
            }
            if names.contains(where: Self.replacedTogether[3].contains) {
                (variant.options.fit.jpeg.chroma, variant.options.fit.avif.chroma) = (nil, AVIFEncodeOptions().chroma)
            }
            var own: [String] = []
            try Self.apply(text.words, to: &variant, seen: &own, variant: text.origin)
            guard own.contains("output") else { throw UsageError("\(text.origin): -o is required in each variant") }
            if variant.options.output?.bytes == [UInt8(ascii: "-")] {
                throw UsageError("\(text.origin): -o - (standard output) cannot take one of several outputs")
            }
            let options: CommandLineOptions
            do throws(UsageError) {
                let all = inherited + own.filter { !inherited.contains($0) }
                try Self.checkCombinations(seen: all)
                options = try Self.fixSize(variant, seen: all)
            } catch {
                throw Self.naming(text.origin, error)
            }
            return OutputVariant(output: options.output, fit: options.fit, origin: text.origin)
        }
    }

    /// The conflicts and requirements the table declares.
    private static func checkCombinations(seen: [String]) throws(UsageError) {
        for name in seen {
            guard let option = OptionTable.named(name) else { continue }
            for other in option.conflicts where seen.contains(other) {
                throw UsageError("--\(name) and --\(other) cannot be used together")
            }
            for needed in option.requires where !seen.contains(needed) {
                throw UsageError("--\(name) needs --\(needed)")
            }
        }
    }

    /// The options with `-w` and `-H` combined into the size, checked for a size no output can have.
    private static func fixSize(_ line: ParsedCommandLine, seen: [String]) throws(UsageError) -> CommandLineOptions {
        var options = line.options
        switch (line.width, line.height) {
        case let (w?, h?):
            if seen.contains("ratio") { throw UsageError("--ratio with both --width and --height: the size already fixes the ratio") }
            options.fit.size = .size(width: w, height: h)
        case let (w?, nil): options.fit.size = .width(w)
        case let (nil, h?): options.fit.size = .height(h)
        case (nil, nil): break
        }
        let format = options.fit.format.resolved(forFileExtension: options.output?.fileExtension ?? "") ?? options.fit.format
        let fixed = ImageFormat(rawValue: format.rawValue)
        try ImpossibleSize.check(options.fit, format: fixed)
        return options
    }

    /// The checks that need every option at once.
    private func finish(_ line: ParsedCommandLine, seen: [String]) throws(UsageError) -> CommandLineOptions {
        let options = try Self.fixSize(line, seen: seen)
        if options.inputs.isEmpty && options.filesFrom == nil {
            throw UsageError("no input given (see aspectfit --help)")
        }
        let stdinUses = options.inputs.filter { $0.bytes == [UInt8(ascii: "-")] }.count + (options.filesFrom?.bytes == [UInt8(ascii: "-")] ? 1 : 0)
        if stdinUses > 1 { throw UsageError("standard input ('-') can be used only once") }
        if let output = options.output, output.bytes == [UInt8(ascii: "-")], options.json {
            throw UsageError("-o - writes the image to standard output, which --json also uses")
        }
        if options.json, options.variants.isEmpty, options.output == nil, options.inputs.contains(where: { $0.bytes == [UInt8(ascii: "-")] }) {
            throw UsageError("input - without -o writes the image to standard output, which --json also uses (add -o FILE)")
        }
        return options
    }
}
