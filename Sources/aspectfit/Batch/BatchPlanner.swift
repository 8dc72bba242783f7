#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

/// Where one input's image goes.
enum OutputTarget: Sendable, Equatable {
    case file(PathBytes)
    case standardOutput

    var displayPath: PathBytes {
        switch self {
        case .file(let path): path
        case .standardOutput: PathBytes("-")
        }
    }
}

/// One unit of work: an input, where it goes, and in which format, or why it is not processed.
struct WorkItem: Sendable {
    enum Disposition: Sendable { case process, failed(String), skippedExisting }
    var input: InputFile
    /// The input's position in the batch: the items of one input (one per variant) share it,
    /// are adjacent, and are decoded together.
    var group = 0
    /// Which of `CommandLineOptions.outputVariants` this output is.
    var variant = 0
    var output: OutputTarget?
    /// The folder an output template fixes: directories below it must not be symlinks (nil: the
    /// output was named whole by `-o`).
    var outputFolder: PathBytes?
    /// The output goes beside its input under the default name (no `-o`).
    var outputBesideInput = false
    var format: ImageFormat?
    var disposition: Disposition
    /// The plan made to name the output, or the header read before planning failed: what is known
    /// for the report even when the input is not processed.
    var plan: FitPlan?
    var source: ImageInfo?
}

/// Decides every input's output before any work: output names, format, the shard's slice,
/// `--skip-existing`, and which files already at output paths may be replaced (`ReplacementRule`:
/// an output that may not fails alone); and refuses (usage error, nothing written) batches that
/// would make two inputs write the same file, or whose `-o` maps an input onto an input.
struct BatchPlanner {
    var options: CommandLineOptions
    var headers: HeaderReader
    var standardOutputIsTerminal: Bool
    var replacement: ReplacementRule

    /// The items of this shard, in input order (each input's variants in order), collisions and
    /// unsafe outputs refused across all inputs and variants first.
    func plan(_ inputs: [InputFile]) throws(UsageError) -> [WorkItem] {
        let variants = options.outputVariants
        var perVariant: [[WorkItem]] = []
        for (index, variant) in variants.enumerated() {
            do throws(UsageError) {
                perVariant.append(try items(for: inputs, variant: variant, index: index))
            } catch {
                guard let origin = variant.origin else { throw error }
                throw UsageError(lines: error.lines.map { "\(origin): \($0)" })
            }
        }
        var items: [WorkItem] = []
        items.reserveCapacity(inputs.count * variants.count)
        for group in inputs.indices {
            for variant in variants.indices {
                var item = perVariant[variant][group]
                item.group = group
                items.append(item)
            }
        }
        items = try checkCollisions(items)
        try checkNamedOutputs(items)
        return select(items)
    }

    /// Every input's item for one output variant, in input order.
    private func items(for inputs: [InputFile], variant: OutputVariant, index: Int) throws(UsageError) -> [WorkItem] {
        let template: OutputTemplate?
        var fixedTarget: OutputTarget?
        var namedFormat: ImageFormat?   // what the name's extension asks for, `named` spelled
        var named = ""
        if let output = variant.output {
            if output.bytes == [UInt8(ascii: "-")] {
                fixedTarget = .standardOutput
                template = nil
            } else if output.bytes.contains(UInt8(ascii: "{")) {
                let parsed = try OutputTemplate(parsing: output.bytes)
                guard parsed.endsInExtension else {
                    throw UsageError("-o \(output): the template's file names would have no extension (end it in .{ext}, .jpg or .png)")
                }
                named = parsed.literalExtension ?? ""
                namedFormat = try Self.format(named: named, output: output)
                template = parsed
            } else if let folder = Self.plainFolder(output) {
                template = .directory(folder)
            } else {   // a file name with an image extension (plainFolder took the others)
                named = output.fileExtension
                namedFormat = try Self.format(named: named, output: output)
                fixedTarget = .file(output)
                template = nil
            }
            if let namedFormat, variant.fit.format.resolved(forFileExtension: named) == nil {
                throw UsageError("--format \(variant.fit.format.rawValue) conflicts with the output name '\(output)', which asks for \(namedFormat.rawValue)")
            }
            if fixedTarget != nil, inputs.count > 1 {
                throw UsageError("-o \(output) names one output, but there are \(inputs.count) inputs (use a directory or a template with {name})")
            }
        } else {
            template = .besideInput
        }
        if fixedTarget == .standardOutput || (variant.output == nil && inputs.contains { $0.isStandardInput }) {
            if standardOutputIsTerminal && !options.dryRun {
                throw UsageError("refusing to write image data to a terminal (use -o FILE, or redirect standard output)")
            }
        }

        let requested = variant.fit.format.resolved(forFileExtension: named) ?? variant.fit.format
        return inputs.map { input in
            item(for: input, variant: variant, index: index, template: template, fixedTarget: fixedTarget, requested: requested)
        }
    }

    /// The folder a `-o` names when it is a plain folder: not `-` or a template, and ending in `/`,
    /// an existing directory, or a name with no extension at all (`-o thumbs`). A name with an
    /// extension is a file, so that a mistyped one (`-o x.pgn`) is an error, not a new folder.
    static func plainFolder(_ output: PathBytes) -> PathBytes? {
        if output.bytes == [UInt8(ascii: "-")] || output.bytes.contains(UInt8(ascii: "{")) { return nil }
        if output.hasTrailingSlash || (try? FileSystem.status(output, followingSymlinks: true))?.kind == .directory { return output }
        return output.fileExtension.isEmpty ? output : nil
    }

    /// The format an output name's extension asks for (nil: none given); a usage error for any
    /// other extension (`-o thumb.webp` or `-o x.jpgg` must not become a folder, nor a file of other bytes).
    static func format(named ext: String?, output: PathBytes) throws(UsageError) -> ImageFormat? {
        guard let ext, !ext.isEmpty else { return nil }
        switch OutputExtension(ext) {
        case .format(let format): return format
        case .unwritableImage(let ext): throw OutputExtension.cannotWrite(ext, path: output)
        case .other: throw OutputExtension.notAFormat(ext, path: output)
        }
    }

    private func item(for input: InputFile, variant: OutputVariant, index: Int, template: OutputTemplate?,
                      fixedTarget: OutputTarget?, requested: OutputFormat) -> WorkItem {
        var item = WorkItem(input: input, variant: index, output: nil, outputFolder: nil, format: nil, disposition: .process)
        if let problem = input.problem { item.disposition = .failed(problem); return item }
        guard let source = input.format else { item.disposition = .failed(InputCollector.notAnImage); return item }
        let pipeline = variant.pipeline(writing: requested)
        var format = pipeline.outputFormat(forSource: source)
        let template = (input.isStandardInput && variant.output == nil) || fixedTarget != nil ? nil : template
        var plan: FitPlan?
        if format == nil || template?.needsPlan == true {
            do {
                let info = try headers.header(of: input)
                item.source = info
                plan = try pipeline.plan(for: info)
                item.plan = plan
            } catch {
                item.disposition = .failed("\(error)")
                return item
            }
            format = format ?? plan?.outputFormat
        }
        item.format = format
        if input.isStandardInput && variant.output == nil { item.output = .standardOutput; return item }
        if let fixedTarget { item.output = fixedTarget; return item }
        guard let template, let format else { return item }
        if plan?.trims == true, template.needsPlan, !Self.sizeKnownBeforeTrim(variant.fit) {
            item.disposition = .failed("with --trim this output's size comes from the trimmed pixels, so {w}, {h} and {ratio} "
                + "cannot name it before the fit: fix the size (-s WxH, or -r with -w, -H or --max) or give -o a name without them")
            return item
        }
        let values = OutputTemplate.Values(
            name: input.isStandardInput ? PathBytes("stdin") : input.path.stem,
            ext: OutputExtension.written(for: format, input: input.isStandardInput ? nil : input.path),
            dir: input.isStandardInput ? PathBytes(".") : input.path.parent,
            rel: input.relativeDirectory,
            width: plan?.outputWidth,
            height: plan?.outputHeight,
            ratio: RequestedRatio.text(options: variant.fit, plan: plan))
        do {
            let rendered = try template.render(values)
            item.output = .file(rendered.path)
            item.outputFolder = rendered.folder
            item.outputBesideInput = variant.output == nil
        } catch {
            item.disposition = .failed(error.description)
        }
        return item
    }

    /// Whether `fit` sets the output's size and ratio whatever the shape of the box a trim keeps.
    private static func sizeKnownBeforeTrim(_ fit: FitOptions) -> Bool {
        let kept = fit.enlarge || fit.fit == .contain
        switch fit.size {
        case .size: return kept
        case .width, .height, .longEdge: return kept && fit.ratio != nil
        case .none: return false
        }
    }

    /// Two inputs writing one file is a usage error, checked on the FULL list so every shard agrees.
    /// The same file named twice (`dir dir/a.jpg`, overlapping lists) is one input: later repeats
    /// that would write the same output are dropped.
    private func checkCollisions(_ items: [WorkItem]) throws(UsageError) -> [WorkItem] {
        var canonical = CanonicalPaths()
        var owners: [PathBytes: Int] = [:]
        var lines: [String] = []
        var betweenVariants = false
        var kept: [WorkItem] = []
        kept.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if case .file(let path)? = item.output {
                let key = canonical.key(for: path)
                if let first = owners[key] {
                    if let identity = item.input.identity, items[first].input.identity == identity,
                       items[first].variant == item.variant { continue }
                    lines.append("\(described(items[first])) and \(described(item)) would both write \(path)")
                    betweenVariants = betweenVariants || items[first].group == item.group
                } else {
                    owners[key] = index
                }
            }
            kept.append(item)
        }
        if betweenVariants {
            throw UsageError(lines: lines + ["output collision: nothing was written (give each --variant its own -o folder, "
                + "or a template with {w}, {h} or {ratio})"])
        }
        if !lines.isEmpty { throw UsageError(lines: lines + [collisionHint(items)]) }
        return kept
    }

    /// An item's input, and its variant when there are several.
    private func described(_ item: WorkItem) -> String {
        guard let origin = options.outputVariants[item.variant].origin else { return "\(item.input.path)" }
        return "\(item.input.path) (\(origin))"
    }

    /// The last line of a collision error: a way out that works for these inputs. `-R` only when
    /// not given; `{dir}` below an output folder refuses `..`, so inputs reached through `..` get a
    /// folder beside each input instead.
    private func collisionHint(_ items: [WorkItem]) -> String {
        let climbs = items.contains { $0.input.path.parent.components.contains(PathBytes("..")) }
        let template = climbs ? "'{dir}/thumbs/{name}.{ext}'" : "'out/{dir}/{name}.{ext}'"
        let walk = options.recursive ? "" : "walk their common folder with -R to mirror its tree, or "
        return "output collision: nothing was written (\(walk)use a template such as -o \(template))"
    }

    /// An output `-o` names (a file, a folder's or a template's) that is (a hard link to) an input
    /// is a usage error: the command itself would destroy the input. A default name beside the input
    /// that is another input fails that one output (`select`): the folder's files decide, not the command.
    private func checkNamedOutputs(_ items: [WorkItem]) throws(UsageError) {
        for item in items where !item.outputBesideInput {
            guard case .file(let path)? = item.output, let status = try? FileSystem.status(path, followingSymlinks: false),
                  let input = replacement.inputs[status.identity] else { continue }
            throw UsageError("\(item.input.path): output \(path) is the input \(input); refusing to write over an input")
        }
    }

    /// This shard's items (in input order) with `--skip-existing` and the replacement rule applied.
    private func select(_ items: [WorkItem]) -> [WorkItem] {
        var chosen = items
        if let shard = options.shard {
            // By input: all the outputs of one input go to the same shard (one decode).
            let firsts = items.indices.filter { $0 == 0 || items[$0 - 1].group != items[$0].group }
            let order = firsts.sorted { items[$0].input.path < items[$1].input.path }
            var keep: Set<Int> = []
            for (position, index) in order.enumerated() where shard.contains(sortedPosition: position) { keep.insert(items[index].group) }
            chosen = items.filter { keep.contains($0.group) }
        }
        for i in chosen.indices {
            guard case .process = chosen[i].disposition, case .file(let path)? = chosen[i].output else { continue }
            if options.skipExisting && FileSystem.exists(path) {
                chosen[i].disposition = .skippedExisting
            } else if case .refused(let reason) = replacement.verdict(for: path) {
                chosen[i].disposition = .failed(reason)
            }
        }
        return chosen
    }
}

/// Absolute, symlink-resolved keys for output paths whose directories may not exist yet:
/// the deepest existing ancestor is resolved with realpath (cached), the rest is appended.
struct CanonicalPaths {
    private var resolved: [PathBytes: PathBytes] = [:]
    private let cwd = FileSystem.currentDirectory()

    mutating func key(for path: PathBytes) -> PathBytes {
        let absolute = (path.isAbsolute ? path : cwd.appending(path)).normalized
        return directory(absolute.parent).appending(absolute.lastComponent)
    }

    private mutating func directory(_ dir: PathBytes) -> PathBytes {
        if let known = resolved[dir] { return known }
        let result: PathBytes
        if let real = FileSystem.realPath(dir) {
            result = real
        } else if dir.parent == dir {
            result = dir
        } else {
            result = directory(dir.parent).appending(dir.lastComponent)
        }
        resolved[dir] = result
        return result
    }
}
