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

    /// How much of a JPEG `probe` reads first: its header, EXIF and ICC segments come before the
    /// frame header, so planning 100,000 files for names or `--dry-run` does not read whole images.
    /// (A PNG is read whole: its eXIf chunk may follow the image data.)
    static let headerPrefix = 512 * 1024

    /// An input's header, from its first bytes; if that fails (header beyond the prefix, or a real
    /// problem), from the whole file so the error is the authoritative one. A file over
    /// `--max-file-size` fails as reading it would.
    func probe(_ input: InputFile, standardInputData: [UInt8]?) throws -> ImageInfo {
        if input.isStandardInput { return try ImageFile.probe(standardInputData ?? []) }
        if input.format != .jpeg { return try ImageFile.probe(FileSystem.readAll(input.path, limit: maxFileSize)) }
        let size = try FileSystem.status(input.path, followingSymlinks: true).size
        if size > maxFileSize { throw FileReadError.tooLarge(limit: maxFileSize) }
        let prefix = try FileSystem.readPrefix(input.path, count: Self.headerPrefix)
        if prefix.count < Self.headerPrefix { return try ImageFile.probe(prefix) }
        if let info = try? ImageFile.probe(prefix) { return info }
        return try ImageFile.probe(FileSystem.readAll(input.path, limit: maxFileSize))
    }

    /// What the pipeline writing `format` would do with `input`, from its header alone.
    func plan(_ input: InputFile, format: OutputFormat, standardInputData: [UInt8]?) throws -> FitPlan {
        try pipeline(for: format).plan(for: probe(input, standardInputData: standardInputData))
    }
}
