import AspectFit

/// The library pipelines of one run, one per output format: the CLI fixes each output's format up
/// front (so names are known before decoding) and shares these values read-only between workers.
struct PipelineSet: Sendable {
    let jpeg: Pipeline
    let png: Pipeline

    init(options: FitOptions) {
        var o = options
        o.format = .jpeg
        jpeg = Pipeline(options: o)
        o.format = .png
        png = Pipeline(options: o)
    }

    func pipeline(for format: ImageFormat) -> Pipeline {
        switch format {
        case .jpeg: jpeg
        case .png: png
        }
    }
}
