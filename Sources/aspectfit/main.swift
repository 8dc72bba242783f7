#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

// Signals first: they must be blocked before any thread exists.
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

let document: String? = switch options.request {
case .run: nil
case .help: HelpText.page
case .version: Manual.version + "\n"
case .manPage: ManPage.text
case .completionScript(let shell): CompletionScript.text(for: shell)
}
if let document {
    _ = StandardStreams.writeOutput(document)
    exit(0)
}

let clockStart = ContinuousClock.now
var outputDirectories: Set<FileIdentity> = []
for output in options.outputVariants.compactMap(\.output) {
    guard let status = try? FileSystem.status(output, followingSymlinks: true), status.kind == .directory else { continue }
    if let input = options.inputs.first(where: { (try? FileSystem.status($0, followingSymlinks: true))?.identity == status.identity }) {
        fail(usage: UsageError("-o \(output): the output folder is the input folder \(input), whose images would be replaced "
            + "(without -o, outputs go beside their inputs as NAME-WxH.EXT; or choose another folder)"))
    }
    outputDirectories.insert(status.identity)
}
var collector = InputCollector(recursive: options.recursive, followSymlinks: options.followSymlinks, maxFileSize: options.maxFileSize,
                               excluding: outputDirectories)
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

let pipelines = options.outputVariants.map { PipelineSet(options: $0.fit, maxFileSize: options.maxFileSize) }
let planner = BatchPlanner(options: options, pipelines: pipelines, standardInputData: collector.standardInputData,
                           standardOutputIsTerminal: StandardStreams.outputIsTerminal)
var inputs = collector.files
var skipped = collector.skipped
if options.outputVariants.contains(where: { $0.output == nil }) {
    (inputs, skipped.earlierOutputs) = EarlierOutputs.removing(from: inputs)
}
let items: [WorkItem]
do { items = try planner.plan(inputs) } catch { fail(usage: error) }

let reporter = Reporter(options: options, control: control, total: items.count, errorIsTerminal: StandardStreams.errorIsTerminal)
let runner = BatchRunner(items: items, options: options, pipelines: pipelines, control: control,
                         writer: AtomicWriter(temporaries: temporaries, durable: options.syncOutputs), reporter: reporter,
                         standardInputData: collector.standardInputData)
control.setRunning(true)
runner.run()
control.setRunning(false)
temporaries.removeAll()

reporter.finish(total: items.count, found: inputs.count, skipped: skipped,
                milliseconds: (ContinuousClock.now - clockStart).milliseconds)

if let stop = control.stopRequested, reporter.done < items.count {
    exit(stop)
}
exit(reporter.failed > 0 ? 1 : 0)
