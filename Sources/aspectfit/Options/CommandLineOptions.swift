import AspectFit

/// Everything the command line asked for, validated; built by `ArgumentParser`.
struct CommandLineOptions: Sendable {
    /// Inputs as given: paths, directories, or "-" for standard input.
    var inputs: [PathBytes] = []
    /// `--files-from FILE|-`: more inputs, one per line (or NUL-separated with `-0`).
    var filesFrom: PathBytes?
    var nulSeparated = false
    var recursive = false
    var followSymlinks = false

    /// `-o`: nil writes beside each input.
    var output: PathBytes?
    /// The library options; `format` is `-f` (auto: the output name's extension, else the input's
    /// format, PNG when transparent: `OutputFormat.resolved(forFileExtension:)`).
    var fit = FitOptions()
    /// `--variant` / `--variants-from`: the outputs of each input (empty: the one above).
    var variants: [OutputVariant] = []

    /// The outputs every input gets, in order: the variants, or the one `-o`/`-f`/shape options describe.
    var outputVariants: [OutputVariant] {
        variants.isEmpty ? [OutputVariant(output: output, fit: fit, origin: nil)] : variants
    }

    /// `--max-memory`: the images in flight hold at most this many bytes together (`MemoryBudget`).
    var maxMemory: Int?
    /// Warnings about the command line itself, printed once before any work.
    var warnings: [String] = []
    /// The long names of the options given, outside variants and in any of them.
    var given: Set<String> = []
    /// `--max-file-size`: inputs (and `--files-from` lists) larger than this are refused unread.
    var maxFileSize = 1 << 30
    /// Each output's data is synced before its rename (`--no-sync` turns it off).
    var syncOutputs = true
    var jobs = 1
    var skipExisting = false
    /// `--overwrite`: files at output paths that aspectfit did not write may be replaced (never an input).
    var overwrite = false
    var dryRun = false
    var shard: Shard?

    var quiet = false
    var verbose = false
    var json = false
    var progress: ProgressMode = .auto

    /// What to do: the batch, or print one of the documents and exit.
    var request: Request = .run

    enum ProgressMode: Sendable { case auto, always, never }

    enum Request: Sendable, Equatable {
        case run, help, version, manPage
        case completionScript(CompletionScript.Shell)
    }
}

/// `--shard K/N`: the K-th (1-based) of N deterministic slices of the sorted input list.
struct Shard: Sendable, Equatable {
    var index: Int
    var count: Int

    /// Whether position `i` of the list sorted by path bytes belongs to this shard.
    func contains(sortedPosition i: Int) -> Bool { i % count == index - 1 }
}
