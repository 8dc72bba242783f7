import AspectFit

/// What happened to one input: the record behind its `--json` line and its messages.
struct Outcome: Sendable {
    /// `notFinished`: in flight when the batch was interrupted, abandoned, nothing written;
    /// `notStarted`: never begun because of the interruption.
    enum Status: String, Sendable { case ok, error, skipped, planned, notFinished = "not_finished", notStarted = "not_started" }
    var item: WorkItem
    var status: Status
    var error: String?
    /// The plan; for an error, what was known before it failed (also `source`, the header).
    var plan: FitPlan?
    var source: ImageInfo?
    var bytes: Int?
    /// The input's `MemoryEstimate` (all its outputs together), reserved from the batch's budget.
    var memory: Int?
    var milliseconds: Double
    var warnings: [String] = []
    var timings: [(step: String, milliseconds: Double)] = []
    /// The lossy quality written at (nil for PNG, lossless WebP, or nothing written).
    var quality: Int?
    /// The palette size limit of an indexed PNG (`--png-palette`, or the one `--max-bytes` chose); nil otherwise.
    var paletteColours: Int?
    /// How many encodes the output took (more than 1 under `--max-bytes`); nil when nothing was written.
    var encodes: Int?

    /// The `--json` line (field names are stable: scripts rely on them).
    var jsonLine: String {
        var o = JSONObjectWriter()
        o.add("input", item.input.path)
        o.add("output", item.output?.displayPath)
        o.add("variant", item.variant + 1)
        o.add("status", status.rawValue)
        o.add("error", error)
        let info = plan?.source ?? source
        let upright = info.map { $0.orientation.uprightSize(width: $0.width, height: $0.height) }
        o.add("source_width", upright?.width)
        o.add("source_height", upright?.height)
        o.add("source_format", info?.format.rawValue ?? item.input.format?.rawValue)
        o.add("orientation", info?.orientation.rawValue)
        let windowUnknown = plan?.windowChoice.map { !$0.isChosen } ?? false
        // A dry run of a trim plans the untrimmed image: where the crop falls is known only from the pixels.
        let trimUnknown = plan.map { $0.trims && $0.trimmedBox == nil } ?? false
        if let crop = plan?.geometry.crop, !trimUnknown {
            o.add("crop") { c in
                c.add("x", windowUnknown ? nil : crop.x)
                c.add("y", windowUnknown ? nil : crop.y)
                c.add("width", crop.width)
                c.add("height", crop.height)
            }
        } else {
            o.add("crop", nil as String?)
        }
        o.add("smart_crop", plan?.windowChoice?.strategy.description)
        if let choice = plan?.windowChoice, let x = choice.focusX, let y = choice.focusY {
            o.add("focus") { f in
                f.add("x", x)
                f.add("y", y)
            }
        } else {
            o.add("focus", nil as String?)
        }
        if let choice = plan?.windowChoice, choice.isChosen, choice.strategy == .attention, let upright {
            o.add("subjects", objects: choice.subjects) { s, subject in
                s.add("kind", subject.kind.rawValue)
                s.add("x", subject.x * Double(upright.width))
                s.add("y", subject.y * Double(upright.height))
                s.add("width", subject.width * Double(upright.width))
                s.add("height", subject.height * Double(upright.height))
                s.add("confidence", subject.confidence)
            }
        }
        if plan?.trims == true {
            if let box = plan?.trimmedBox {
                o.add("trim") { t in
                    t.add("x", box.x)
                    t.add("y", box.y)
                    t.add("width", box.width)
                    t.add("height", box.height)
                }
            } else {
                o.add("trim", nil as String?)
            }
        }
        if let box = plan?.letterbox, let crop = plan?.geometry {
            o.add("letterbox") { b in
                b.add("x", box.x)
                b.add("y", box.y)
                b.add("width", crop.outputWidth)
                b.add("height", crop.outputHeight)
            }
        }
        o.add("output_width", plan?.outputWidth)
        o.add("output_height", plan?.outputHeight)
        o.add("output_format", plan?.outputFormat.rawValue ?? item.format?.rawValue)
        // an animation's frames and their delays added up, as written (or planned: every frame of the source)
        o.add("frames", plan.map { $0.animates ? $0.source.frameCount : 1 })
        o.add("duration_ms", plan.map { $0.animates ? $0.source.durationMilliseconds : 0 })
        o.add("decode_scale", plan?.geometry.decodeScale)
        o.add("box_reduction", plan?.boxReduction)
        o.add("chroma_repeated", plan?.repeatsChroma)
        o.add("bytes", bytes)
        o.add("quality", quality)
        o.add("palette_colours", paletteColours)
        o.add("encodes", encodes)
        o.add("memory", memory)
        o.add("milliseconds", milliseconds)
        o.add("warnings", strings: warnings)
        // A name that is not valid UTF-8 is shown with U+FFFD above; its exact bytes let a script find the file.
        if !item.input.path.isValidUTF8 { o.add("input_bytes", Base64.encode(item.input.path.bytes)) }
        if let output = item.output?.displayPath, !output.isValidUTF8 { o.add("output_bytes", Base64.encode(output.bytes)) }
        return o.finished + "\n"
    }

    /// The `-v` / `--dry-run` description: plan, decode scale, crop and timings.
    var planLine: String {
        var line = "\(item.input.path) -> \(item.output?.displayPath.description ?? "?")"
        guard let plan else { return line }
        let upright = plan.source.orientation.uprightSize(width: plan.source.width, height: plan.source.height)
        line += ": \(upright.width)x\(upright.height) \(plan.source.format.rawValue)"
        if plan.source.orientation != .up { line += " (orientation \(plan.source.orientation.rawValue))" }
        if let box = plan.trimmedBox {
            line += ", trimmed to \(box)"
        } else if plan.trims {
            line += ", trimmed when run (the crop below is the untrimmed image's)"
        }
        let c = plan.geometry.crop
        line += ", crop \(JSONObjectWriter.number(c.width))x\(JSONObjectWriter.number(c.height))"
        if let choice = plan.windowChoice, let x = choice.focusX, let y = choice.focusY {
            line += "+\(JSONObjectWriter.number(c.x))+\(JSONObjectWriter.number(c.y)) chosen by \(choice.strategy)"
                + " (focus \(JSONObjectWriter.number(x)),\(JSONObjectWriter.number(y)))"
        } else if let choice = plan.windowChoice {
            line += " placed from the pixels by \(choice.strategy) when run"
        } else {
            line += "+\(JSONObjectWriter.number(c.x))+\(JSONObjectWriter.number(c.y))"
        }
        line += ", decode 1/\(plan.geometry.decodeScale) -> \(plan.outputWidth)x\(plan.outputHeight) \(plan.outputFormat.rawValue)"
        if let box = plan.letterbox {
            line += " (contained: the image \(plan.geometry.outputWidth)x\(plan.geometry.outputHeight) at +\(box.x)+\(box.y))"
        }
        if !timings.isEmpty {
            line += "; " + timings.map { "\($0.step) \(JSONObjectWriter.number($0.milliseconds)) ms" }.joined(separator: ", ")
        }
        if let bytes { line += "; \(bytes) bytes" }
        if let quality { line += " at quality \(quality)" }
        if let paletteColours { line += " with a palette of at most \(paletteColours) colours" }
        if let encodes, encodes > 1 { line += " (\(encodes) encodes)" }
        return line
    }
}
