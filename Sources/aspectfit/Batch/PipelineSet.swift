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
        func writing(_ format: OutputFormat) -> Pipeline {
            var o = options
            o.format = format
            o.maxBytes = options.maxBytes.map { max(1, $0 - WriterMark.length(for: format)) }
            return Pipeline(options: o)
        }
        auto = writing(.auto)
        jpeg = writing(.jpeg)
        png = writing(.png)
        webp = writing(.webp)
        avif = writing(.avif)
    }

    /// `error` as the user sees it: a byte budget's sizes as the files would be written, the
    /// writer mark (`WriterMark`) included, so the limit is the `--max-bytes` given.
    static func message(_ error: FitError, pipeline: Pipeline) -> String {
        guard case .overBudget(let smallest, _, let quality) = error, let asked = pipeline.options.maxBytes else { return "\(error)" }
        let mark = WriterMark.length(for: pipeline.options.format)
        let reached = quality.map { "at --min-quality \($0)" } ?? "lossless at the tightest compression (nothing is quantised)"
        return "no encode fits --max-bytes \(asked + mark): the smallest, \(reached), is \(smallest + mark) bytes"
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
