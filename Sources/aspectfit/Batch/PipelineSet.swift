import AspectFit

/// The library pipelines of one run, one per output format: the CLI fixes each output's format up
/// front (so names are known before decoding) and shares these values read-only between workers.
/// `auto` serves only planning and standard output.
struct PipelineSet: Sendable {
    let auto: Pipeline
    let jpeg: Pipeline
    let png: Pipeline
    let webp: Pipeline
    let avif: Pipeline
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
        o.format = .webp
        webp = Pipeline(options: o)
        o.format = .avif
        avif = Pipeline(options: o)
    }

    /// The pipeline writing `format`.
    func pipeline(for format: OutputFormat) -> Pipeline {
        switch format {
        case .jpeg: jpeg
        case .png: png
        case .webp: webp
        case .avif: avif
        case .auto: auto
        }
    }

    /// How much of a file `probe` reads first; the library's `headerExtent` says whether that holds
    /// the whole header or how much more is needed.
    static let firstRead = 64 * 1024

    /// An input's header, reading only as much of the file as the header takes (`ImageFile.headerExtent`);
    /// if probing that part fails, the whole file is probed so the error is the authoritative one.
    /// A file over `--max-file-size` fails as reading it would.
    func probe(_ input: InputFile, standardInputData: [UInt8]?) throws -> ImageInfo {
        if input.isStandardInput { return try ImageFile.probe(standardInputData ?? []) }
        let size = try FileSystem.status(input.path, followingSymlinks: true).size
        if size > maxFileSize { throw FileReadError.tooLarge(limit: maxFileSize) }
        var count = Self.firstRead
        while true {
            let prefix = try FileSystem.readPrefix(input.path, count: count)
            if prefix.count < count { return try ImageFile.probe(prefix) }   // the whole file
            switch ImageFile.headerExtent(of: prefix) {
            case .complete(let end):
                if let info = try? ImageFile.probe(Array(prefix[..<end])) { return info }
                return try ImageFile.probe(FileSystem.readAll(input.path, limit: maxFileSize))
            case .needsAtLeast(let more):
                count = max(more, count)
            case .wholeFile:
                return try ImageFile.probe(FileSystem.readAll(input.path, limit: maxFileSize))
            }
        }
    }

    /// What the pipeline writing `format` would do with `input`, from its header alone.
    func plan(_ input: InputFile, format: OutputFormat, standardInputData: [UInt8]?) throws -> FitPlan {
        try pipeline(for: format).plan(for: probe(input, standardInputData: standardInputData))
    }
}
