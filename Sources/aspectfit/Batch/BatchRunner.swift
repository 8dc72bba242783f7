#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit
import Synchronization

/// Runs the batch on `jobs` worker threads, each taking whole inputs (all their outputs, one
/// decode) from a shared index.
///
/// Nothing is read ahead: a worker reads its file when it takes it, so memory is bounded by the
/// number of jobs (plus one input's results per worker: each worker's writes run one input behind on
/// a thread of their own, `WriteBehind`, so waiting for fdatasync overlaps the next decode, and are
/// synced and renamed in groups, `SyncGroup`). Outcomes are reported in input order through a
/// reorder buffer; workers never run more than `window` outputs ahead of the oldest unreported one,
/// which bounds that buffer too (the window leaves room for every worker's group).
///
/// A stop request (signal, closed standard output) does not wait for the images in flight: the
/// main thread seals the temporaries (nothing can be renamed into place after that), reports what
/// was written, marks the images in flight `not_finished` and the rest `not_started`, and returns
/// while those workers are still busy; the process then exits under them.
final class BatchRunner: @unchecked Sendable {
    private let items: [WorkItem]
    private let options: CommandLineOptions
    private let variants: [OutputVariant]
    private let headers: HeaderReader
    private let control: BatchControl
    private let writer: AtomicWriter
    private let reporter: Reporter
    private let budget: MemoryBudget
    private let window: Int
    /// How many outputs each worker's write thread syncs and renames together (`SyncGroup`).
    private let groupFiles: Int
    /// Worker threads, and the threads each one's decodes may use (`ThreadsPerImage`).
    private let workers: Int
    private let threadsPerImage: Int

    // Guarded by control.lock.
    private var nextIndex = 0
    private var nextToReport = 0
    private var completed: [Int: Outcome] = [:]
    /// Inputs whose output was renamed into place (their report may still be on its way). Its own
    /// lock, taken under the temporaries' lock: never waiting for the batch lock there keeps a second
    /// signal's exit (which takes the temporaries' lock) from waiting on a blocked report.
    private let committed = Mutex<Set<Int>>([])
    private var finishedWorkers = 0
    /// Workers in `take` waiting for the window to move.
    private var windowWaiters = 0
    /// After an abandonment: late outcomes are dropped.
    private var closed = false

    init(items: [WorkItem], options: CommandLineOptions, variants: [OutputVariant], threadsPerImage: Int, headers: HeaderReader, control: BatchControl,
         writer: AtomicWriter, reporter: Reporter, budget: MemoryBudget) {
        self.budget = budget
        self.items = items
        self.options = options
        self.variants = variants
        self.headers = headers
        self.control = control
        self.writer = writer
        self.reporter = reporter
        // A file descriptor per staged output: at most 256 open across the workers. Without
        // syncing there is no disk commit to share, so each output is renamed at once.
        groupFiles = writer.durable ? max(1, min(16, 256 / max(options.jobs, 1))) : 1
        window = max(16, options.jobs * 4) + options.jobs * groupFiles
        workers = min(options.jobs, max(items.count, 1))
        self.threadsPerImage = threadsPerImage
    }

    /// Processes every item (or until a stop request), then reports what finished out of order.
    func run() {
        var threads: [pthread_t] = []
        for _ in 0..<workers {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(self).toOpaque()
            let rc = pthread_create(&thread, nil, { raw in
                let runner = Unmanaged<BatchRunner>.fromOpaque(raw!).takeRetainedValue()
                runner.workerLoop()
                return nil
            }, box)
            if rc == 0 { threads.append(thread) } else { Unmanaged<BatchRunner>.fromOpaque(box).release() }
        }
        if threads.isEmpty { workerLoop() }
        let stopped = control.lock.withLock {
            while finishedWorkers < threads.count && control.stopRequested == nil { control.lock.wait(milliseconds: 50) }
            return finishedWorkers < threads.count
        }
        if stopped {
            abandonInFlight()
            return
        }
        for thread in threads { pthread_join(thread, nil) }
        flushRemaining()
    }

    private func workerLoop() {
        let workspace = PipelineWorkspace()
        workspace.threadsPerImage = threadsPerImage
        let writes = WriteBehind(group: SyncGroup(writer: writer, files: groupFiles))
        while let group = take() {
            process(group, workspace: workspace, writes: writes)
        }
        writes.finish()
        control.lock.withLock {
            finishedWorkers += 1
            control.lock.broadcast()
        }
    }

    /// Ends the batch without waiting for the workers still busy (see the type's comment).
    private func abandonInFlight() {
        writer.temporaries.seal()
        control.lock.withLock {
            // A worker that renamed its output before the seal is between the rename and its report.
            while committed.withLock({ $0 }).contains(where: { $0 >= nextToReport && completed[$0] == nil }) {
                control.lock.wait(milliseconds: 5)
            }
            closed = true
            for index in nextToReport..<items.count {
                let outcome = completed.removeValue(forKey: index)
                    ?? Outcome(item: items[index], status: index < nextIndex ? .notFinished : .notStarted, milliseconds: 0)
                reporter.report(outcome)
            }
        }
    }

    /// The next input's items (one per variant), or nil when all are taken or the batch stops.
    private func take() -> Range<Int>? {
        control.lock.withLock {
            while true {
                if control.stopRequested != nil || nextIndex >= items.count { return nil }
                if nextIndex - nextToReport < window {
                    let start = nextIndex
                    repeat { nextIndex += 1 } while nextIndex < items.count && items[nextIndex].group == items[start].group
                    return start..<nextIndex
                }
                windowWaiters += 1
                control.lock.wait()
                windowWaiters -= 1
            }
        }
    }

    /// Records an outcome (nil: abandoned after a stop) and reports every outcome now in order.
    private func complete(_ index: Int, _ outcome: Outcome?) {
        control.lock.withLock {
            if closed { return }
            if let outcome { completed[index] = outcome }
            while let next = completed.removeValue(forKey: nextToReport) {
                reporter.report(next)
                nextToReport += 1
            }
            // Only workers held back by the window wait for this (the main thread polls): no
            // wake-up, and no switch to a thread that goes straight back to sleep, per output.
            if windowWaiters > 0 { control.lock.broadcast() }
        }
    }

    /// After the workers ended: outcomes stuck behind an abandoned input are reported in order.
    private func flushRemaining() {
        control.lock.withLock {
            for index in completed.keys.sorted() { reporter.report(completed[index]!) }
            completed.removeAll()
        }
    }

    /// One input: every output of `group` from a single read and decode; their writes (each output
    /// completed, reported, on its own) go to `writes`, so the next input decodes meanwhile.
    private func process(_ group: Range<Int>, workspace: PipelineWorkspace, writes: WriteBehind) {
        let start = ContinuousClock.now
        func elapsed() -> Double { (ContinuousClock.now - start).milliseconds }
        var work: [(index: Int, format: ImageFormat, output: OutputTarget)] = []
        for index in group {
            let item = items[index]
            switch item.disposition {
            case .failed(let reason):
                complete(index, Outcome(item: item, status: .error, error: reason, plan: item.plan, source: item.source, milliseconds: 0))
            case .skippedExisting:
                complete(index, Outcome(item: item, status: .skipped, plan: item.plan, milliseconds: 0))
            case .process:
                guard let format = item.format, let output = item.output else {
                    complete(index, Outcome(item: item, status: .error, error: "no output", milliseconds: 0))
                    continue
                }
                work.append((index, format, output))
            }
        }
        guard let first = work.first else { return }   // nothing to decode: every output exists or failed
        // a planned output format is a writable one; `auto` would pick it again
        let pipelines = work.map { variants[items[$0.index].variant].pipeline(writing: OutputFormat($0.format) ?? .auto) }
        if options.dryRun {
            let header = self.header(first.index)
            let variants = VariantSet(pipelines)
            let shared = header.map { variants.plans(for: $0) }
            let memory = header.map { variants.estimatedMemory(for: $0, inputBytes: inputSize(items[first.index].input)).bytes }
            for (n, job) in work.enumerated() {
                var outcome = plan(job.index, pipeline: pipelines[n], shared: shared?[n], elapsed: elapsed())
                if outcome.status == .planned, let memory {
                    outcome.memory = memory
                    if let limit = budget.inFlightLimit, memory > limit {   // fails where the run would
                        outcome.status = .error
                        outcome.error = budget.refusal(memory)
                    }
                }
                complete(job.index, outcome)
            }
            return
        }
        let input = items[first.index].input
        func failAll(_ reason: String) {
            for job in work {
                let item = items[job.index]
                complete(job.index, Outcome(item: item, status: .error, error: reason, plan: item.plan, source: item.source,
                                            milliseconds: elapsed()))
            }
        }
        let data: [UInt8]
        let header: ImageInfo?
        do {
            data = try input.isStandardInput ? (headers.standardInputData ?? [])
                : FileSystem.readAll(input.path, limit: options.maxFileSize, following: input.viaSymlink, expecting: input.identity)
            header = try? ImageFile.probe(data)
            try Self.checkUnchanged(header, since: items[first.index].source)
        } catch {
            return failAll("\(error)")
        }
        // Held from before the decode until the outputs are written (an unreadable header fails in the fit).
        let memory = header.map { VariantSet(pipelines).estimatedMemory(for: $0, inputBytes: data.count).bytes } ?? data.count
        guard budget.reserve(memory, stopped: { control.stopRequested != nil }) else {
            if control.stopRequested != nil { return complete(first.index, nil) }
            return failAll(budget.refusal(memory))
        }
        let results = VariantSet(pipelines).run(data, workspace: workspace)
        if !budget.mayKeep(memory) { workspace.empty() }
        if control.stopRequested != nil {
            budget.release(memory)
            return complete(first.index, nil)
        }
        writes.submit { [self] in
            defer { budget.release(memory) }
            for (n, job) in work.enumerated() {
                if control.stopRequested != nil { return complete(job.index, nil) }
                write(job.index, output: job.output, result: results[n], data: data, pipeline: pipelines[n], memory: memory,
                      group: writes.group, elapsed: elapsed)
            }
        }
    }

    /// Output names carry the size planned from the header read when the batch was planned: a file
    /// rewritten in place since with another size or orientation is not processed under a name that
    /// would no longer say what it holds.
    private static func checkUnchanged(_ now: ImageInfo?, since planned: ImageInfo?) throws(InputChanged) {
        guard let planned, let now else { return }
        if now.uprightWidth != planned.uprightWidth || now.uprightHeight != planned.uprightHeight {
            throw InputChanged(description: "changed after the batch was planned (\(planned.uprightWidth)x\(planned.uprightHeight) then, "
                + "\(now.uprightWidth)x\(now.uprightHeight) now); not processed under a name made for the old size")
        }
    }

    /// An input rewritten between planning and reading.
    private struct InputChanged: Error, CustomStringConvertible {
        var description: String
    }

    /// An input's header: the one read while planning, or read now (nil when it cannot be read).
    private func header(_ index: Int) -> ImageInfo? {
        let item = items[index]
        return try? item.source ?? headers.header(of: item.input)
    }

    /// An input's size in bytes, as a run would read it (0 when it cannot be read).
    private func inputSize(_ input: InputFile) -> Int {
        input.isStandardInput ? headers.standardInputData?.count ?? 0 : (try? FileSystem.status(input.path, followingSymlinks: true).size) ?? 0
    }

    /// `--dry-run`: the plan of one output from the header (`shared`: its plan in the input's
    /// shared decode), the input limits checked.
    private func plan(_ index: Int, pipeline: Pipeline, shared: Result<FitPlan, FitError>?,
                      elapsed: @autoclosure () -> Double) -> Outcome {
        let item = items[index]
        var source = item.source
        var plan = (try? shared?.get()) ?? item.plan
        do {
            let info = try source ?? headers.header(of: item.input)
            source = info
            plan = try plan ?? pipeline.plan(for: info)
            try pipeline.checkInputLimits(info)
            return Outcome(item: item, status: .planned, plan: plan, milliseconds: elapsed())
        } catch {
            return Outcome(item: item, status: .error, error: "\(error)", plan: plan, source: source, milliseconds: elapsed())
        }
    }

    /// Writes one output's result, or reports why there is none. A file is staged in `group` and
    /// reported when the group is flushed (synced and renamed); nothing is reported for an output
    /// abandoned to a stop request.
    private func write(_ index: Int, output: OutputTarget, result fit: Result<FitResult, FitError>, data: [UInt8],
                       pipeline: Pipeline, memory: Int, group: SyncGroup, elapsed: @escaping () -> Double) {
        let item = items[index]
        let result: FitResult
        switch fit {
        case .success(let fitted): result = fitted
        case .failure(let error):
            // What is known when something fails: the header, and the plan when one could be made.
            let source = item.source ?? (try? ImageFile.probe(data))
            let plan = item.plan ?? source.flatMap { try? pipeline.plan(for: $0) }
            return complete(index, Outcome(item: item, status: .error, error: OutputVariant.message(error, pipeline: pipeline), plan: plan,
                                           source: source, milliseconds: elapsed()))
        }
        let bytes = WriterMark.marked(result.bytes, format: result.plan.outputFormat)
        var written = Outcome(item: item, status: .ok, plan: result.plan, bytes: bytes.count, memory: memory, milliseconds: 0,
                              warnings: result.warnings, timings: result.timings, quality: result.quality, paletteColours: result.paletteColours,
                              encodes: result.encodes)
        switch output {
        case .file(let path):
            func failed(_ error: WriteError) -> Outcome {
                let reason = if case .refused = error { "\(error)" } else { "cannot write \(path): \(error)" }
                return Outcome(item: item, status: .error, error: reason, plan: result.plan, milliseconds: elapsed())
            }
            let staged: StagedOutput?
            do {
                staged = try writer.stage(bytes, to: path, below: item.outputFolder)
            } catch {
                return complete(index, failed(error))
            }
            guard let staged else { return complete(index, nil) }
            group.add(staged, committed: { [self] in committed.withLock { _ = $0.insert(index) } }) { [self] outcome in
                switch outcome {
                case .success(true):
                    written.milliseconds = elapsed()
                    complete(index, written)
                case .success(false): complete(index, nil)
                case .failure(let error): complete(index, failed(error))
                }
            }
        case .standardOutput:
            let outcome = StandardStreams.writeOutput(bytes) { [control] in control.setPartialStandardOutput($0) }
            control.setPartialStandardOutput(0)
            switch outcome {
            case .done:
                written.milliseconds = elapsed()
                complete(index, written)
            case .closed:
                control.requestStop(status: 141)
                complete(index, nil)
            case .failed(let error):
                complete(index, Outcome(item: item, status: .error, error: "cannot write to standard output: \(error)",
                                        plan: result.plan, milliseconds: elapsed()))
            }
        }
    }
}
