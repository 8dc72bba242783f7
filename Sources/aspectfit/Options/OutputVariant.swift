import AspectFit

/// One output every input gets: where it goes and its library options (`-f` is `fit.format`).
/// Without `--variant` there is one, from the whole command line; with it, one per `--variant`.
struct OutputVariant: Sendable {
    /// `-o`: nil writes beside each input.
    var output: PathBytes?
    /// The library options.
    var fit: FitOptions
    /// Where a `--variant` came from, for messages; nil for the command line itself.
    var origin: String?

    /// The library pipeline writing this output in `format` (`auto` only for planning): the writer
    /// mark (`WriterMark`) is taken out of a `--max-bytes` budget, so the file written stays within it.
    func pipeline(writing format: OutputFormat) -> Pipeline {
        var options = fit
        options.format = format
        options.maxBytes = fit.maxBytes.map { max(1, $0 - WriterMark.length(for: format)) }
        return Pipeline(options: options)
    }

    /// `error` as the user sees it from `pipeline`: a byte budget's sizes as the files would be
    /// written, the writer mark included, so the limit is the `--max-bytes` given.
    static func message(_ error: FitError, pipeline: Pipeline) -> String {
        guard case .overBudget(let smallest, _, let quality, let colours) = error, let asked = pipeline.options.maxBytes else {
            return "\(error)"
        }
        let mark = WriterMark.length(for: pipeline.options.format)
        let palette = colours.map { " (a palette of \($0) colours)" } ?? ""
        let reached = quality.map { "at --min-quality \($0)\(palette)" } ?? "lossless at the tightest compression (nothing is quantised)"
        return "no encode fits --max-bytes \(asked + mark): the smallest, \(reached), is \(smallest + mark) bytes"
    }
}
