import AspectFit

/// The library pipelines of one run, one per output format: the CLI fixes each output's format up
/// front (so names are known before decoding) and shares these values read-only between workers.
/// `auto` serves only planning and standard output.
struct PipelineSet: Sendable {
    let auto: Pipeline
    let jpeg: Pipeline
    let png: Pipeline
    /// `--max-file-size`: whole-file reads for planning refuse larger inputs.
    let maxFileSize: Int

    init(options: FitOptions, maxFileSize: Int) {
        self.maxFileSize = maxFileSize
        var o = options
        o.format = .auto
        auto = Pipeline(options: o)
        o.format = .jpeg
        jpeg = Pipeline(options: o)
        o.format = .png
        png = Pipeline(options: o)
    }

    /// The pipeline writing `format`.
    func pipeline(for format: OutputFormat) -> Pipeline {
        switch format {
        case .jpeg: jpeg
        case .png: png
        case .auto: auto
        }
    }

    /// How much of a JPEG `plan` reads first: its header, EXIF and ICC segments come before the
    /// frame header, so planning 100,000 files for names or `--dry-run` does not read whole images.
    /// (A PNG is read whole: its eXIf chunk may follow the image data.)
    static let headerPrefix = 512 * 1024

    /// Plans an input from its first bytes; if that fails (header beyond the prefix, or a real
    /// problem), plans again from the whole file so the error is the authoritative one.
    func plan(_ input: InputFile, format: OutputFormat, standardInputData: [UInt8]?) throws -> FitPlan {
        let pipeline = pipeline(for: format)
        if input.isStandardInput { return try pipeline.plan(standardInputData ?? []) }
        if input.format != .jpeg { return try pipeline.plan(FileSystem.readAll(input.path, limit: maxFileSize)) }
        let prefix = try FileSystem.readPrefix(input.path, count: Self.headerPrefix)
        if prefix.count < Self.headerPrefix { return try pipeline.plan(prefix) }
        if let plan = try? pipeline.plan(prefix) { return plan }
        return try pipeline.plan(FileSystem.readAll(input.path, limit: maxFileSize))
    }
}
