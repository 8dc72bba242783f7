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
        var i = 0
        var onlyInputs = false
        func apply(_ option: OptionDeclaration, _ value: [UInt8]?) throws(UsageError) {
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
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyInputs || arg.first != UInt8(ascii: "-") || arg == [UInt8(ascii: "-")] {
                line.options.inputs.append(PathBytes(arg))
                continue
            }
            if arg == Array("--".utf8) { onlyInputs = true; continue }
            if arg.starts(with: Array("--".utf8)) {
                let body = arg.dropFirst(2)
                let nameBytes = body.prefix { $0 != UInt8(ascii: "=") }
                let name = String(decoding: nameBytes, as: UTF8.self)
                guard let option = OptionTable.named(name) else {
                    throw UsageError("unknown option '--\(name)' (see aspectfit --help)")
                }
                var value: [UInt8]?
                if nameBytes.endIndex < body.endIndex {
                    guard option.takesValue else { throw UsageError("option '--\(name)' takes no value") }
                    value = Array(body[(nameBytes.endIndex + 1)...])
                } else if option.takesValue {
                    guard i < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
                    value = arguments[i]
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
                    guard i < arguments.count else { throw UsageError("option '-\(letter)' needs a value") }
                    try apply(option, arguments[i])
                    i += 1
                }
            }
        }
        guard line.options.request == .run else { return line.options }
        try checkCombinations(seen: seen)
        return try finish(line, seen: seen)
    }

    /// The conflicts and requirements the table declares.
    private func checkCombinations(seen: [String]) throws(UsageError) {
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

    /// The checks that need every option at once.
    private func finish(_ line: ParsedCommandLine, seen: [String]) throws(UsageError) -> CommandLineOptions {
        var options = line.options
        switch (line.width, line.height) {
        case let (w?, h?):
            if seen.contains("ratio") { throw UsageError("--ratio with both --width and --height: the size already fixes the ratio") }
            options.fit.size = .size(width: w, height: h)
        case let (w?, nil): options.fit.size = .width(w)
        case let (nil, h?): options.fit.size = .height(h)
        case (nil, nil): break
        }
        try ImpossibleSize.check(options.fit)
        if options.inputs.isEmpty && options.filesFrom == nil {
            throw UsageError("no input given (see aspectfit --help)")
        }
        let stdinUses = options.inputs.filter { $0.bytes == [UInt8(ascii: "-")] }.count + (options.filesFrom?.bytes == [UInt8(ascii: "-")] ? 1 : 0)
        if stdinUses > 1 { throw UsageError("standard input ('-') can be used only once") }
        if let output = options.output, output.bytes == [UInt8(ascii: "-")], options.json {
            throw UsageError("-o - writes the image to standard output, which --json also uses")
        }
        return options
    }
}
