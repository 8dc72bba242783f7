#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

// Descriptors 0-2 first: a closed one must not become a temporary output that messages go into.
StandardStreams.reserveDescriptors()
// Then signals: they must be blocked before any thread exists.
SignalWatcher.blockSignals()
let control = BatchControl()
let temporaries = TemporaryFiles()
SignalWatcher.start(control: control, temporaries: temporaries)

func fail(usage error: UsageError) -> Never {
    for line in error.lines { StandardStreams.writeMessage("aspectfit: \(line)") }
    exit(2)
}

let rawArguments = (1..<Int(CommandLine.argc)).map { PathBytes(cString: CommandLine.unsafeArgv[$0]!).bytes }
let parser = ArgumentParser(arguments: rawArguments, defaultJobs: ProcessorCount.available)
let options: CommandLineOptions
do { options = try parser.parse() } catch { fail(usage: error) }
for warning in options.warnings { StandardStreams.writeMessage("aspectfit: warning: \(warning)") }

let document: String? = switch options.request {
case .run: nil
case .help: HelpText.page
case .version: Manual.version + "\n"
case .manPage: ManPage.text
case .completionScript(let shell): CompletionScript.text(for: shell)
}
if let document {
    if case .failed(let error) = StandardStreams.writeOutput(document) {
        StandardStreams.writeMessage("aspectfit: cannot write to standard output: \(error)")
        exit(1)
    }
    exit(0)
}

let clockStart = ContinuousClock.now
let outputFolders = OutputFolders(options.outputVariants)
var collector = InputCollector(recursive: options.recursive, followSymlinks: options.followSymlinks, maxFileSize: options.maxFileSize,
                               excluding: outputFolders.identities)
for input in options.inputs { collector.add(input) }
if let list = options.filesFrom {
    do {
        let data = list.bytes == [UInt8(ascii: "-")] ? try FileSystem.readAll(descriptor: 0, limit: options.maxFileSize)
            : try FileSystem.readStream(list, limit: options.maxFileSize)
        for entry in InputCollector.listEntries(data, nulSeparated: options.nulSeparated) { collector.add(entry) }
    } catch {
        fail(usage: UsageError("--files-from \(list): \(error)"))
    }
}
do {
    try outputFolders.check(directories: collector.namedDirectories,
                            files: collector.files.filter { $0.named && !$0.isStandardInput && $0.identity != nil }.map(\.path))
} catch { fail(usage: error) }

var inputs = collector.files
var skipped = collector.skipped
if options.outputVariants.contains(where: { $0.output == nil }) {
    (inputs, skipped.earlierOutputs) = EarlierOutputs.removing(from: inputs)
}
// Every input protects its file from being replaced, in every shard.
var inputIdentities: [FileIdentity: PathBytes] = [:]
for input in inputs { if let identity = input.identity { inputIdentities[identity] = input.path } }
let replacement = ReplacementRule(overwrite: options.overwrite, inputs: inputIdentities)
let headers = HeaderReader(maxFileSize: options.maxFileSize, standardInputData: collector.standardInputData)
let planner = BatchPlanner(options: options, headers: headers, standardOutputIsTerminal: StandardStreams.outputIsTerminal, replacement: replacement)
let items: [WorkItem]
do { items = try planner.plan(inputs) } catch { fail(usage: error) }
let written = Set(items.compactMap { item -> ImageFormat? in
    if case .failed = item.disposition { return nil }
    return item.format
})
for warning in IdleOptions.warnings(given: options.given, written: written) {
    StandardStreams.writeMessage("aspectfit: warning: \(warning)")
}

// main.swift holds no line a mutant changes (scripts/mutants.sh): an edit of top-level code, whose
// names are the whole module's, recompiles the module and every test that imports it.
let threads = ThreadsPerImage(jobs: options.jobs, items: items)
let threadsPerImage = threads.count
let encoding = threads.encoding(options.outputVariants)
let reporter = Reporter(options: options, control: control, total: items.count, errorIsTerminal: StandardStreams.errorIsTerminal)
let runner = BatchRunner(items: items, options: options, variants: encoding, threadsPerImage: threadsPerImage, headers: headers, control: control,
                         writer: AtomicWriter(temporaries: temporaries, durable: options.syncOutputs, replacement: replacement),
                         reporter: reporter, budget: MemoryBudget(maxMemory: options.maxMemory, workers: options.jobs))
control.setRunning(true)
runner.run()
control.setRunning(false)
for warning in IdleOptions.afterRun(given: options.given, written: reporter.ok, filled: reporter.filled,
                                    onlyOnBars: reporter.cornersOnlyOnBars) {
    StandardStreams.writeMessage("aspectfit: warning: \(warning)")
}
temporaries.removeAll()
for leftover in temporaries.leftovers { StandardStreams.writeMessage("aspectfit: \(leftover)") }

reporter.finish(total: items.count, found: inputs.count, skipped: skipped,
                milliseconds: (ContinuousClock.now - clockStart).milliseconds)

// A closed standard output is 141 even when every image was done: what was to go out there did not.
if let stop = control.stopRequested, reporter.done < items.count || stop == 141 {
    exit(stop)
}
exit(reporter.failed > 0 || reporter.outputFailed ? 1 : 0)
