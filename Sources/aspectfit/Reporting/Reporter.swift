/// Prints what happens: per-input error lines, `-v` plans, `--dry-run` plans, `--json` lines,
/// the progress bar and the final summary. Called in input order, one outcome at a time, under
/// the batch lock, so its counters need no locking of their own.
final class Reporter: @unchecked Sendable {
    private let options: CommandLineOptions
    private let control: BatchControl
    private var progress: ProgressBar?
    private var standardOutputOpen = true
    private(set) var ok = 0
    private(set) var failed = 0
    private(set) var skipped = 0
    private(set) var done = 0
    private(set) var notFinished = 0
    private(set) var notStarted = 0
    /// The report could not be written to standard output (other than a closed pipe): exit 1.
    private(set) var outputFailed = false
    /// Outputs written or planned with something a background fills, and with box corners that
    /// fall only on bars (`IdleOptions.afterRun`).
    private(set) var filled = 0
    private(set) var cornersOnlyOnBars = 0

    init(options: CommandLineOptions, control: BatchControl, total: Int, errorIsTerminal: Bool) {
        self.options = options
        self.control = control
        let wantProgress = switch options.progress {
        case .always: true
        case .never: false
        case .auto: errorIsTerminal && !options.quiet && !options.verbose
        }
        if wantProgress && total > 0 { progress = ProgressBar(total: total) }
    }

    func report(_ outcome: Outcome) {
        switch outcome.status {
        case .ok, .planned:
            ok += 1
            if outcome.plan?.fillsBackground == true { filled += 1 }
            if outcome.plan?.cornersOnlyOnBars == true { cornersOnlyOnBars += 1 }
        case .error: failed += 1
        case .skipped: skipped += 1
        case .notFinished, .notStarted:
            if outcome.status == .notFinished { notFinished += 1 } else { notStarted += 1 }
            if options.json { writeOutput(outcome.jsonLine) }
            return
        }
        done += 1
        progress?.clear()
        if outcome.status == .error {
            // With variants, the output says which of the input's outputs failed.
            let output = options.variants.isEmpty ? "" : outcome.item.output.map { " -> \($0.displayPath)" } ?? ""
            StandardStreams.writeMessage("aspectfit: \(outcome.item.input.path)\(output): \(outcome.error ?? "failed")")
        }
        if options.verbose && outcome.status != .error {
            StandardStreams.writeMessage(outcome.planLine + (outcome.status == .skipped ? " (skipped: output exists)" : ""))
        }
        if !options.quiet {
            for warning in outcome.warnings { StandardStreams.writeMessage("aspectfit: \(outcome.item.input.path): warning: \(warning)") }
        }
        if options.json {
            writeOutput(outcome.jsonLine)
        } else if outcome.status == .planned {
            writeOutput(MessageText.escaped(outcome.planLine) + "\n")
        }
        progress?.update(done: done)
    }

    /// Ends the progress bar and prints the summary: a JSON object with `--json`, and a line on
    /// standard error unless `--quiet` (or standard output was closed: the batch ends quietly); a
    /// batch with nothing to do always says why. `found`: the inputs of all shards.
    func finish(total: Int, found: Int, skipped walk: WalkSkips, milliseconds: Double) {
        progress?.clear()
        let stop = control.stopRequested
        if options.json {
            var o = JSONObjectWriter()
            o.add("summary", true)
            o.add("total", total)
            o.add("ok", ok)
            o.add("failed", failed)
            o.add("skipped", skipped)
            o.add("not_finished", notFinished)
            o.add("not_started", notStarted)
            o.add("non_images_skipped", walk.nonImages)
            o.add("symlinks_skipped", walk.symlinks)
            o.add("folders_skipped", walk.folders)
            o.add("earlier_outputs_skipped", walk.earlierOutputs)
            o.add("interrupted", stop != nil)
            o.add("milliseconds", milliseconds)
            writeOutput(o.finished + "\n")
        }
        if total == 0 && !options.quiet {
            if let shard = options.shard, found > 0 {
                StandardStreams.writeMessage("aspectfit: nothing to do: shard \(shard.index)/\(shard.count) holds none of the \(found) inputs")
            } else {
                let why = walk.reasons.isEmpty ? "" : ": " + walk.reasons.joined(separator: ", ")
                StandardStreams.writeMessage("aspectfit: nothing to do: no image input found\(why)")
            }
            return
        }
        // Quiet once the reader went away, also when it was the summary record above that met the closed pipe.
        guard !options.quiet, control.stopRequested != 141 else { return }
        var line = "aspectfit: \(ok) \(options.dryRun ? "planned" : "written"), \(failed) failed, \(skipped) skipped"
        for reason in walk.reasons { line += ", " + reason }
        if let stop, stop != 141 {
            let why = stop > 128 ? "interrupted (signal \(stop - 128))" : "stopped (the report could not be written)"
            line += "; \(why): \(notFinished) abandoned in progress (\(abandonedOutput)), \(notStarted) not started"
        }
        line += " in \(JSONObjectWriter.number(milliseconds / 1000)) s"
        StandardStreams.writeMessage(line)
    }

    /// What the images abandoned in progress left: nothing, or the start of one on standard output.
    private var abandonedOutput: String {
        let partial = control.partialStandardOutput
        return partial == 0 ? "nothing written" : "\(partial) bytes of one already written to standard output"
    }

    /// Standard output closed (e.g. `| head -1`): stop reporting and stop the batch quietly. Any
    /// other failure (a full disk, EIO) is an error: said once on stderr, the batch stops, exit 1.
    private func writeOutput(_ text: String) {
        guard standardOutputOpen else { return }
        switch StandardStreams.writeOutput(text) {
        case .done: return
        case .closed:
            control.requestStop(status: 141)
        case .failed(let error):
            outputFailed = true
            StandardStreams.writeMessage("aspectfit: cannot write the report to standard output: \(error)")
            control.requestStop(status: 1)
        }
        standardOutputOpen = false
    }
}
