import AspectFit

/// One output every input gets: where it goes, its format and its library options. Without
/// `--variant` there is one, from the whole command line; with it, one per `--variant`.
struct OutputVariant: Sendable {
    /// `-o`: nil writes beside each input.
    var output: PathBytes?
    /// `-f`.
    var format: OutputFormat
    /// The library options (`format` inside is set per input by the batch plan).
    var fit: FitOptions
    /// Where a `--variant` came from, for messages; nil for the command line itself.
    var origin: String?
}
